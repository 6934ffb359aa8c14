import { useState } from "react";
import { Eye, EyeOff, Pencil, Trash2 } from "lucide-react";
import {
  AD_CATEGORY_LABELS,
  createAdvertisementBody,
  updateAdvertisementBody,
  type AdminAdvertisement,
} from "@flockkeeper/shared/schemas/advertisement";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Dialog } from "@/components/ui/lazy-dialog";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { AdImage } from "@/components/ad-image";
import { useAdminAdvertisements } from "../api/get-admin-advertisements";
import {
  useCreateAdvertisement,
  useDeleteAdvertisement,
  useUpdateAdvertisement,
} from "../api/save-advertisement";
import { AdForm, emptyDraft, type AdBody, type AdDraft } from "./ad-form-fields";

const toDraft = (ad: AdminAdvertisement): AdDraft => ({
  title: ad.title,
  description: ad.description,
  price: ad.price ?? "",
  category: ad.category,
  contactInfo: ad.contactInfo ?? "",
  imageUrl: ad.imageUrl ?? "",
  link: ad.link ?? "",
  isActive: ad.isActive === 1,
});

/** The admin's advertisements: create, list, edit in a modal, Hide/Show, delete with confirmation. */
export function AdvertisementsTab() {
  const { data: ads, isLoading, error } = useAdminAdvertisements();
  const [editing, setEditing] = useState<{ id: string; draft: AdDraft } | null>(null);
  const [deleting, setDeleting] = useState<AdminAdvertisement | null>(null);
  const create = useCreateAdvertisement();
  const update = useUpdateAdvertisement();
  const remove = useDeleteAdvertisement();

  const onCreate = (body: AdBody, reset: () => void) =>
    create.mutate(body, {
      onSuccess: () => {
        reset();
        toast({ title: "Success", description: "Advertisement created successfully." });
      },
      onError: () =>
        toast({
          title: "Error",
          description: "Failed to create advertisement.",
          variant: "destructive",
        }),
    });

  const onSave = (body: AdBody) => {
    if (!editing) return;
    update.mutate(
      { id: editing.id, body },
      {
        onSuccess: () => {
          setEditing(null);
          toast({ title: "Success", description: "Advertisement updated successfully." });
        },
        onError: (err) =>
          toast({
            title: "Error",
            description: `Failed to update advertisement: ${errorMessage(err)}`,
            variant: "destructive",
          }),
      },
    );
  };

  const toggle = (ad: AdminAdvertisement) =>
    update.mutate(
      { id: ad.id, body: { isActive: ad.isActive === 1 ? 0 : 1 } },
      {
        onSuccess: (saved) =>
          toast({
            title: "Success",
            description: saved.isActive
              ? "Advertisement is now shown."
              : "Advertisement is now hidden.",
          }),
        onError: (err) =>
          toast({
            title: "Error",
            description: `Failed to update advertisement: ${errorMessage(err)}`,
            variant: "destructive",
          }),
      },
    );

  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: "Success", description: "Advertisement deleted successfully." });
      },
      onError: (err) =>
        toast({
          title: "Error",
          description: `Failed to delete advertisement: ${errorMessage(err)}`,
          variant: "destructive",
        }),
    });
  };

  return (
    <div className="space-y-4">
      <Card>
        <CardTitle>Create advertisement</CardTitle>
        <div className="mt-3">
          <AdForm
            idPrefix="new-ad"
            initial={emptyDraft}
            schema={createAdvertisementBody}
            onSubmit={onCreate}
            submit={(ready) => (
              <Button type="submit" className="mt-4" disabled={!ready || create.isPending}>
                {create.isPending ? "Creating..." : "Create Advertisement"}
              </Button>
            )}
          />
        </div>
      </Card>

      <Card>
        <CardTitle>Advertisements</CardTitle>
        {error && <Alert tone="danger">{errorMessage(error)}</Alert>}
        {isLoading && <p className="mt-2 text-stone-700">Loading...</p>}
        {ads && ads.length === 0 && (
          <p className="mt-2 text-stone-700">No advertisements yet. Create the first one above.</p>
        )}
        <ul className="mt-3 space-y-3">
          {ads?.map((ad) => (
            <li
              key={ad.id}
              className="flex flex-col gap-3 rounded-lg border border-stone-200 p-3 sm:flex-row"
              data-testid="admin-ad"
            >
              <AdImage
                src={ad.imageUrl}
                category={ad.category}
                className="h-16 w-16 shrink-0 rounded-lg"
              />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-bold break-words text-stone-900">{ad.title}</span>
                  <Badge tone="amber">{AD_CATEGORY_LABELS[ad.category]}</Badge>
                  <Badge tone={ad.isActive ? "green" : "neutral"}>
                    {ad.isActive ? "Active" : "Hidden"}
                  </Badge>
                </div>
                <p className="text-sm break-words text-stone-700">{ad.description}</p>
                <p className="text-sm text-stone-600">
                  {[ad.price, ad.contactInfo, ad.link].filter(Boolean).join(" · ")}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setEditing({ id: ad.id, draft: toDraft(ad) })}
                  aria-label={`Edit ${ad.title}`}
                >
                  <Pencil size={16} aria-hidden /> Edit
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => toggle(ad)}
                  aria-label={`${ad.isActive ? "Hide" : "Show"} ${ad.title}`}
                >
                  {ad.isActive ? <EyeOff size={16} aria-hidden /> : <Eye size={16} aria-hidden />}
                  {ad.isActive ? "Hide" : "Show"}
                </Button>
                <Button
                  size="sm"
                  variant="destructive"
                  onClick={() => setDeleting(ad)}
                  aria-label={`Delete ${ad.title}`}
                >
                  <Trash2 size={16} aria-hidden /> Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </Card>

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title="Edit Advertisement"
      >
        {editing && (
          <AdForm
            key={editing.id}
            idPrefix="edit-ad"
            initial={editing.draft}
            schema={updateAdvertisementBody}
            onSubmit={onSave}
            submit={(ready) => (
              <div className="mt-4 flex justify-end gap-2">
                <Button variant="secondary" onClick={() => setEditing(null)}>
                  Cancel
                </Button>
                <Button type="submit" disabled={!ready || update.isPending}>
                  {update.isPending ? "Saving..." : "Save Changes"}
                </Button>
              </div>
            )}
          />
        )}
      </Dialog>

      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete advertisement?"
        description={
          deleting
            ? `"${deleting.title}" will be removed from every ad slot. This cannot be undone.`
            : undefined
        }
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onDelete} disabled={remove.isPending}>
            Delete
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
