import { useRef } from "react";
import { Upload } from "lucide-react";
import {
  AD_CATEGORIES,
  AD_CATEGORY_LABELS,
  IMAGE_URL_MESSAGE,
  isAdImageUrl,
  isHttpUrl,
  LINK_MESSAGE,
  type AdCategory,
} from "@flockkeeper/shared/schemas/advertisement";
import { Button } from "@/components/ui/button";
import { FieldError, Input, Label, Select, Textarea } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { AdImage } from "@/components/ad-image";
import { useUploadAdImage } from "../api/upload-ad-image";

export type AdDraft = {
  title: string;
  description: string;
  price: string;
  category: AdCategory | "";
  contactInfo: string;
  imageUrl: string;
  link: string;
  isActive: boolean;
};

export const emptyDraft: AdDraft = {
  title: "",
  description: "",
  price: "",
  category: "",
  contactInfo: "",
  imageUrl: "",
  link: "",
  isActive: true,
};

/** Problems the server would refuse, shown before sending. */
export function draftErrors(d: AdDraft): { link?: string; imageUrl?: string } {
  return {
    link: d.link.trim() && !isHttpUrl(d.link.trim()) ? LINK_MESSAGE : undefined,
    imageUrl: d.imageUrl.trim() && !isAdImageUrl(d.imageUrl.trim()) ? IMAGE_URL_MESSAGE : undefined,
  };
}

/** The body both create and edit send. */
export const draftBody = (d: AdDraft) => ({
  title: d.title.trim(),
  description: d.description.trim(),
  price: d.price.trim(),
  category: d.category as AdCategory,
  contactInfo: d.contactInfo.trim(),
  imageUrl: d.imageUrl.trim(),
  link: d.link.trim(),
  isActive: (d.isActive ? 1 : 0) as 0 | 1,
});

/** The advertisement fields (shared by the create form and the edit modal). */
export function AdFormFields({
  idPrefix,
  draft,
  onChange,
}: {
  idPrefix: string;
  draft: AdDraft;
  onChange: (d: AdDraft) => void;
}) {
  const set = <K extends keyof AdDraft>(k: K, v: AdDraft[K]) => onChange({ ...draft, [k]: v });
  const errors = draftErrors(draft);
  const upload = useUploadAdImage();
  const fileRef = useRef<HTMLInputElement>(null);
  const id = (n: string) => `${idPrefix}-${n}`;

  const onFile = (file: File | undefined) => {
    if (fileRef.current) fileRef.current.value = "";
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      toast({
        title: "Invalid File",
        description: "Please select an image file (JPG, PNG, etc.)",
        variant: "destructive",
      });
      return;
    }
    upload.mutate(file, {
      onSuccess: (img) => onChange({ ...draft, imageUrl: img.url }),
      onError: (err) =>
        toast({ title: "Upload failed", description: errorMessage(err), variant: "destructive" }),
    });
  };

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Label htmlFor={id("title")}>Title</Label>
        <Input
          id={id("title")}
          value={draft.title}
          maxLength={120}
          onChange={(e) => set("title", e.target.value)}
        />
      </div>
      <div className="sm:col-span-2">
        <Label htmlFor={id("description")}>Description</Label>
        <Textarea
          id={id("description")}
          value={draft.description}
          maxLength={2000}
          onChange={(e) => set("description", e.target.value)}
        />
      </div>
      <div>
        <Label htmlFor={id("price")}>Price</Label>
        <Input
          id={id("price")}
          value={draft.price}
          maxLength={60}
          placeholder="e.g. $18.99"
          onChange={(e) => set("price", e.target.value)}
        />
      </div>
      <div>
        <Label htmlFor={id("category")}>Category</Label>
        <Select
          id={id("category")}
          value={draft.category}
          onChange={(e) => set("category", e.target.value as AdCategory | "")}
        >
          <option value="">Select a category</option>
          {AD_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {AD_CATEGORY_LABELS[c]}
            </option>
          ))}
        </Select>
      </div>
      <div className="sm:col-span-2">
        <Label htmlFor={id("contact")}>Contact info (admin only)</Label>
        <Input
          id={id("contact")}
          value={draft.contactInfo}
          maxLength={500}
          onChange={(e) => set("contactInfo", e.target.value)}
        />
      </div>
      <div className="sm:col-span-2">
        <Label htmlFor={id("link")}>Link</Label>
        <Input
          id={id("link")}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={draft.link}
          onChange={(e) => set("link", e.target.value)}
          aria-invalid={errors.link ? true : undefined}
          aria-describedby={errors.link ? id("link-error") : undefined}
        />
        <FieldError id={id("link-error")} message={errors.link} />
      </div>
      <div className="sm:col-span-2">
        <Label htmlFor={id("image")}>Image address</Label>
        <div className="flex gap-3">
          <AdImage
            src={draft.imageUrl.trim() && !errors.imageUrl ? draft.imageUrl.trim() : null}
            category={draft.category || undefined}
            className="h-11 w-11 shrink-0 rounded-lg"
          />
          <Input
            id={id("image")}
            type="url"
            placeholder="https://"
            value={draft.imageUrl}
            onChange={(e) => set("imageUrl", e.target.value)}
            aria-invalid={errors.imageUrl ? true : undefined}
            aria-describedby={errors.imageUrl ? id("image-error") : undefined}
          />
        </div>
        <FieldError id={id("image-error")} message={errors.imageUrl} />
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          className="sr-only"
          id={id("file")}
          tabIndex={-1}
          aria-hidden
          onChange={(e) => onFile(e.target.files?.[0])}
        />
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          disabled={upload.isPending}
          onClick={() => fileRef.current?.click()}
        >
          <Upload size={16} aria-hidden /> {upload.isPending ? "Uploading..." : "Upload image"}
        </Button>
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-stone-800 sm:col-span-2">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={draft.isActive}
          onChange={(e) => set("isActive", e.target.checked)}
        />
        Active (shown in ad slots)
      </label>
    </div>
  );
}
