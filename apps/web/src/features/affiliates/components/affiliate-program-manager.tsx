import { useState } from "react";
import { Download, Plus, Trash2 } from "lucide-react";
import {
  AFFILIATE_BLOCK_CATEGORIES,
  AFFILIATE_STATUS_LABELS,
  AFFILIATE_STATUSES,
  AFFILIATE_VALUES,
  resolveAffiliateLink,
  type AffiliateBlockCategory,
  type AffiliatePartner,
  type AffiliateStatus,
  type AffiliateValue,
} from "@flockkeeper/shared/schemas/affiliate";
import { isHttpUrl, LINK_MESSAGE } from "@flockkeeper/shared/domain/links";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Dialog } from "@/components/ui/lazy-dialog";
import { FieldError, Input, Label, Select, Textarea } from "@/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useAffiliatePerformance } from "../api/get-affiliate-performance";
import { useAffiliates } from "../api/get-affiliates";
import {
  useAddExamplePartners,
  useCreateAffiliate,
  useDeleteAffiliate,
  useUpdateAffiliate,
  useUpdateApplication,
} from "../api/save-affiliate";
import { downloadAffiliateConfig } from "./export-config";
import { formatMoment } from "@/lib/dates";

const STATUS_TONE: Record<AffiliateStatus, BadgeTone> = {
  not_applied: "neutral",
  pending: "yellow",
  approved: "green",
  rejected: "red",
};

const failed = (what: string) => (err: unknown) =>
  toast({ title: "Error", description: `${what}: ${errorMessage(err)}`, variant: "destructive" });

/** Affiliate Program Manager: application status, link configuration, performance, Export Config. */
export function AffiliateProgramManager() {
  const { data: partners, isLoading, error } = useAffiliates();
  const examples = useAddExamplePartners();
  const [adding, setAdding] = useState(false);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold text-stone-900">Affiliate Program Manager</h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
            <Plus size={16} aria-hidden /> Add partner
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={!partners || partners.length === 0}
            onClick={() => partners && downloadAffiliateConfig(partners)}
          >
            <Download size={16} aria-hidden /> Export Config
          </Button>
        </div>
      </div>
      {error && <Alert tone="danger">{errorMessage(error)}</Alert>}
      {isLoading && <p className="text-stone-700">Loading partners...</p>}
      {partners && partners.length === 0 && (
        <Card>
          <p className="text-stone-800">
            No affiliate partners yet. Add your own, or start from six inactive examples (live chick
            hatchery, chicken-keeping guide, coop plans, coop and shed seller, farm supply retailer,
            feeder and fencing seller) and fill in your programme details.
          </p>
          <Button
            className="mt-3"
            disabled={examples.isPending}
            onClick={() =>
              examples.mutate(undefined, {
                onSuccess: () =>
                  toast({
                    title: "Example partners added",
                    description: "They stay inactive until you activate them.",
                  }),
                onError: failed("Failed to add example partners"),
              })
            }
          >
            Add example partners
          </Button>
        </Card>
      )}
      {partners && partners.length > 0 && (
        <Tabs defaultValue="applications">
          <TabsList aria-label="Affiliate Program Manager">
            <TabsTrigger value="applications">Application Status</TabsTrigger>
            <TabsTrigger value="links">Link Configuration</TabsTrigger>
            <TabsTrigger value="performance">Performance</TabsTrigger>
          </TabsList>
          <TabsContent value="applications" className="space-y-3">
            {partners.map((p) => (
              <ApplicationCard key={p.id} partner={p} />
            ))}
          </TabsContent>
          <TabsContent value="links" className="space-y-3">
            {partners.map((p) => (
              <LinkCard key={p.id} partner={p} />
            ))}
          </TabsContent>
          <TabsContent value="performance">
            <Performance />
          </TabsContent>
        </Tabs>
      )}
      <AddPartnerDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}

function ApplicationCard({ partner }: { partner: AffiliatePartner }) {
  const [status, setStatus] = useState<AffiliateStatus>(partner.application.status);
  const [notes, setNotes] = useState(partner.application.notes);
  const save = useUpdateApplication();
  const dirty = status !== partner.application.status || notes !== partner.application.notes;
  const id = `app-${partner.id}`;
  return (
    <Card>
      <div className="flex flex-wrap items-center gap-2">
        <CardTitle className="break-words">{partner.name}</CardTitle>
        <Badge tone={STATUS_TONE[partner.application.status]}>
          {AFFILIATE_STATUS_LABELS[partner.application.status]}
        </Badge>
        {partner.commission && <Badge tone="purple">Commission: {partner.commission}</Badge>}
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <div>
          <Label htmlFor={`${id}-status`}>Status</Label>
          <Select
            id={`${id}-status`}
            value={status}
            onChange={(e) => setStatus(e.target.value as AffiliateStatus)}
          >
            {AFFILIATE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {AFFILIATE_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
        <div className="sm:col-span-2">
          <Label htmlFor={`${id}-notes`}>Notes</Label>
          <Textarea
            id={`${id}-notes`}
            value={notes}
            maxLength={2000}
            onChange={(e) => setNotes(e.target.value)}
          />
        </div>
      </div>
      <Button
        size="sm"
        className="mt-3"
        disabled={!dirty || save.isPending}
        onClick={() =>
          save.mutate(
            { id: partner.id, body: { status, notes } },
            {
              onSuccess: () => toast({ title: "Application updated" }),
              onError: failed("Failed to update application"),
            },
          )
        }
      >
        Save
      </Button>
    </Card>
  );
}

function LinkCard({ partner }: { partner: AffiliatePartner }) {
  const [baseUrl, setBaseUrl] = useState(partner.baseUrl);
  const [affiliateId, setAffiliateId] = useState(partner.affiliateId ?? "");
  const [affiliateUrl, setAffiliateUrl] = useState(partner.affiliateUrl ?? "");
  const [commission, setCommission] = useState(partner.commission ?? "");
  const [isActive, setIsActive] = useState(partner.isActive);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useUpdateAffiliate();
  const remove = useDeleteAffiliate();
  const baseError = isHttpUrl(baseUrl.trim()) ? undefined : LINK_MESSAGE;
  const affError =
    affiliateUrl.trim() && !isHttpUrl(affiliateUrl.trim()) ? LINK_MESSAGE : undefined;
  const preview = resolveAffiliateLink({
    isActive,
    affiliateUrl: affiliateUrl.trim() || null,
    baseUrl: baseUrl.trim(),
  });
  const id = `link-${partner.id}`;
  return (
    <Card>
      <div className="flex flex-wrap items-center gap-2">
        <CardTitle className="break-words">{partner.name}</CardTitle>
        <Badge tone={partner.isActive ? "green" : "neutral"}>
          {partner.isActive ? "Active" : "Inactive"}
        </Badge>
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-base`}>Base URL</Label>
          <Input
            id={`${id}-base`}
            type="url"
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
            aria-invalid={baseError ? true : undefined}
          />
          <FieldError message={baseError} />
        </div>
        <div>
          <Label htmlFor={`${id}-aff-url`}>Affiliate URL</Label>
          <Input
            id={`${id}-aff-url`}
            type="url"
            value={affiliateUrl}
            placeholder="https://"
            onChange={(e) => setAffiliateUrl(e.target.value)}
            aria-invalid={affError ? true : undefined}
          />
          <FieldError message={affError} />
        </div>
        <div>
          <Label htmlFor={`${id}-aff-id`}>Affiliate ID</Label>
          <Input
            id={`${id}-aff-id`}
            value={affiliateId}
            maxLength={200}
            onChange={(e) => setAffiliateId(e.target.value)}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-commission`}>Commission</Label>
          <Input
            id={`${id}-commission`}
            value={commission}
            maxLength={120}
            onChange={(e) => setCommission(e.target.value)}
          />
        </div>
      </div>
      <label className="mt-2 flex min-h-11 items-center gap-2 text-sm font-semibold text-stone-800">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={isActive}
          onChange={(e) => setIsActive(e.target.checked)}
        />
        Active (shown to visitors as an affiliate block)
      </label>
      <p className="text-sm break-all text-stone-700">
        Link used: <span className="font-mono">{preview}</span>
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={Boolean(baseError || affError) || save.isPending}
          onClick={() =>
            save.mutate(
              {
                id: partner.id,
                body: {
                  baseUrl: baseUrl.trim(),
                  affiliateUrl: affiliateUrl.trim(),
                  affiliateId: affiliateId.trim(),
                  commission: commission.trim(),
                  isActive,
                },
              },
              {
                onSuccess: () => toast({ title: "Partner updated" }),
                onError: failed("Failed to update partner"),
              },
            )
          }
        >
          Save
        </Button>
        <Button size="sm" variant="destructive" onClick={() => setConfirmDelete(true)}>
          <Trash2 size={16} aria-hidden /> Delete
        </Button>
      </div>
      <Dialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete partner?"
        description={`"${partner.name}" and its application notes will be removed.`}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(partner.id, {
                onSuccess: () => toast({ title: "Partner deleted" }),
                onError: failed("Failed to delete partner"),
              })
            }
          >
            Delete
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}

function Performance() {
  const { data, error } = useAffiliatePerformance();
  if (error) return <Alert tone="danger">{errorMessage(error)}</Alert>;
  if (!data) return <p className="text-stone-700">Loading...</p>;
  if (data.length === 0) return <p className="text-stone-700">No affiliate clicks recorded yet.</p>;
  return (
    <Card>
      <CardTitle>Affiliate clicks by partner</CardTitle>
      <table className="mt-2 w-full text-sm">
        <thead>
          <tr className="text-left text-stone-600">
            <th className="py-1 font-semibold">Partner</th>
            <th className="py-1 text-right font-semibold">Clicks</th>
            <th className="py-1 text-right font-semibold">Last click</th>
          </tr>
        </thead>
        <tbody>
          {data.map((r) => (
            <tr key={r.partner} className="border-t border-stone-200">
              <td className="py-1.5 break-words text-stone-900">{r.partner}</td>
              <td className="py-1.5 text-right font-semibold">{r.clicks}</td>
              <td className="py-1.5 text-right text-stone-700">
                {r.lastClickAt ? formatMoment(r.lastClickAt) : ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-stone-600">
        Clicks recorded on this site; sales and commissions are reported by each partner.
      </p>
    </Card>
  );
}

function AddPartnerDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [name, setName] = useState("");
  const [title, setTitle] = useState("");
  const [baseUrl, setBaseUrl] = useState("");
  const [description, setDescription] = useState("");
  const [emoji, setEmoji] = useState("");
  const [category, setCategory] = useState<AffiliateBlockCategory>("supplies");
  const [value, setValue] = useState<AffiliateValue>("medium");
  const create = useCreateAffiliate();
  const urlError = baseUrl.trim() && !isHttpUrl(baseUrl.trim()) ? LINK_MESSAGE : undefined;
  const ok = name.trim() && title.trim() && baseUrl.trim() && !urlError;
  const reset = () => {
    setName("");
    setTitle("");
    setBaseUrl("");
    setDescription("");
    setEmoji("");
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add affiliate partner">
      <div className="grid gap-3">
        <div>
          <Label htmlFor="new-partner-name">Partner name</Label>
          <Input
            id="new-partner-name"
            value={name}
            maxLength={120}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="new-partner-url">Base URL</Label>
          <Input
            id="new-partner-url"
            type="url"
            placeholder="https://"
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
          />
          <FieldError message={urlError} />
        </div>
        <div>
          <Label htmlFor="new-partner-title">Block title</Label>
          <Input
            id="new-partner-title"
            value={title}
            maxLength={120}
            onChange={(e) => setTitle(e.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="new-partner-desc">Block description</Label>
          <Textarea
            id="new-partner-desc"
            value={description}
            maxLength={1000}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <div className="grid grid-cols-3 gap-2">
          <div>
            <Label htmlFor="new-partner-emoji">Emoji</Label>
            <Input
              id="new-partner-emoji"
              value={emoji}
              maxLength={16}
              onChange={(e) => setEmoji(e.target.value)}
            />
          </div>
          <div>
            <Label htmlFor="new-partner-category">Category</Label>
            <Select
              id="new-partner-category"
              value={category}
              onChange={(e) => setCategory(e.target.value as AffiliateBlockCategory)}
            >
              {AFFILIATE_BLOCK_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor="new-partner-value">Value</Label>
            <Select
              id="new-partner-value"
              value={value}
              onChange={(e) => setValue(e.target.value as AffiliateValue)}
            >
              {AFFILIATE_VALUES.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <Button
          disabled={!ok || create.isPending}
          onClick={() =>
            create.mutate(
              {
                name: name.trim(),
                title: title.trim(),
                baseUrl: baseUrl.trim(),
                description: description.trim(),
                emoji: emoji.trim(),
                category,
                value,
              },
              {
                onSuccess: () => {
                  reset();
                  onOpenChange(false);
                  toast({
                    title: "Partner added",
                    description:
                      "It stays inactive until you activate it under Link Configuration.",
                  });
                },
                onError: failed("Failed to add partner"),
              },
            )
          }
        >
          Add partner
        </Button>
      </div>
    </Dialog>
  );
}
