import { useRef, type ReactNode } from "react";
import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { Upload } from "lucide-react";
import type { z } from "zod";
import {
  AD_CATEGORIES,
  AD_CATEGORY_LABELS,
  type AdCategory,
} from "@flockkeeper/shared/schemas/advertisement";
import { Button } from "@/components/ui/button";
import { Field, Form, useFormField, useZodForm } from "@/components/ui/form";
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

export type AdBody = ReturnType<typeof draftBody>;

/**
 * An advertisement form (create, or edit in the modal) on the form kit, checked by the request
 * body's schema: the link and image address messages show as they are typed, as they always did,
 * and the submit button stays off until the required fields are filled.
 */
export function AdForm<B>({
  idPrefix,
  initial,
  schema,
  onSubmit,
  submit,
}: {
  idPrefix: string;
  initial: AdDraft;
  /** `createAdvertisementBody` or `updateAdvertisementBody`. */
  schema: z.ZodType<B>;
  /** Gets the body to send (the same text the form held, trimmed) and the form, to reset it. */
  onSubmit: (body: AdBody, reset: () => void) => unknown;
  /** The submit button, told whether the required fields are filled and nothing is wrong. */
  submit: (ready: boolean) => ReactNode;
}) {
  const form = useZodForm({
    schema,
    defaultValues: initial,
    toBody: draftBody,
    validate: "onChange",
  });
  const [title, description, category] = useWatch({
    control: form.control,
    name: ["title", "description", "category"],
  });
  const { errors } = useFormState({ control: form.control });
  const ready =
    Boolean(title.trim() && description.trim() && category) && Object.keys(errors).length === 0;
  return (
    <Form
      form={form}
      onSubmit={(_body, values) => onSubmit(draftBody(values), () => form.reset(emptyDraft))}
    >
      <AdFormFields idPrefix={idPrefix} />
      {submit(ready)}
    </Form>
  );
}

/** The advertisement fields (shared by the create form and the edit modal). */
export function AdFormFields({ idPrefix }: { idPrefix: string }) {
  const { control, setValue } = useFormContext<AdDraft>();
  const [imageUrl, category] = useWatch({ control, name: ["imageUrl", "category"] });
  const image = useFormField("imageUrl", `${idPrefix}-image`);
  const active = useFormField("isActive", `${idPrefix}-active`);
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
      onSuccess: (img) =>
        setValue("imageUrl", img.url, { shouldValidate: true, shouldDirty: true }),
      onError: (err) =>
        toast({ title: "Upload failed", description: errorMessage(err), variant: "destructive" }),
    });
  };

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field name="title" id={id("title")} label="Title" className="sm:col-span-2">
        {(props) => <Input {...props} maxLength={120} />}
      </Field>
      <Field
        name="description"
        id={id("description")}
        label="Description"
        className="sm:col-span-2"
      >
        {(props) => <Textarea {...props} maxLength={2000} />}
      </Field>
      <Field name="price" id={id("price")} label="Price">
        {(props) => <Input {...props} maxLength={60} placeholder="e.g. $18.99" />}
      </Field>
      <Field name="category" id={id("category")} label="Category">
        {(props) => (
          <Select {...props}>
            <option value="">Select a category</option>
            {AD_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {AD_CATEGORY_LABELS[c]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        name="contactInfo"
        id={id("contact")}
        label="Contact info (admin only)"
        className="sm:col-span-2"
      >
        {(props) => <Input {...props} maxLength={500} />}
      </Field>
      <Field name="link" id={id("link")} label="Link" className="sm:col-span-2">
        {(props) => <Input {...props} type="url" inputMode="url" placeholder="https://" />}
      </Field>
      <div className="sm:col-span-2">
        <Label htmlFor={image.props.id}>Image address</Label>
        <div className="flex gap-3">
          <AdImage
            src={imageUrl.trim() && !image.error ? imageUrl.trim() : null}
            category={category || undefined}
            className="h-11 w-11 shrink-0 rounded-lg"
          />
          <Input {...image.props} type="url" placeholder="https://" />
        </div>
        <FieldError id={image.errorId} message={image.error} />
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
          id={active.props.id}
          ref={active.field.ref}
          checked={Boolean(active.field.value)}
          onChange={(e) => active.field.onChange(e.target.checked)}
          onBlur={active.field.onBlur}
        />
        Active (shown in ad slots)
      </label>
    </div>
  );
}
