import { useState, type ReactNode } from "react";
import { useFormState, useWatch } from "react-hook-form";
import { Download, Plus, Trash2 } from "lucide-react";
import {
  AFFILIATE_BLOCK_CATEGORIES,
  AFFILIATE_STATUS_LABELS,
  AFFILIATE_STATUSES,
  AFFILIATE_VALUES,
  resolveAffiliateLink,
  type AffiliateBlockCategory,
  type AffiliateStatus,
  type AffiliateValue,
} from "@flockkeeper/shared/domain/affiliates";
import type {
  AffiliateApplicationBody,
  AffiliatePartner,
  CreateAffiliatePartnerData,
  UpdateAffiliatePartnerData,
} from "@flockkeeper/shared/schemas/affiliate";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { Dialog } from "@/components/ui/lazy-dialog";
import { Field, Form, lazySchema, useFormField, useZodForm } from "@/components/ui/form";
import { Input, Select, Textarea } from "@/components/ui/input";
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

// The request bodies' schemas come with zod on the first keystroke or submit, so the page's first
// paint does not load zod (the lists and labels above live apart from it).
const schemas = () => import("@flockkeeper/shared/schemas/affiliate");
const applicationSchema = lazySchema<AffiliateApplicationBody>(() =>
  schemas().then((m) => m.affiliateApplicationBody),
);
const updateSchema = lazySchema<UpdateAffiliatePartnerData>(() =>
  schemas().then((m) => m.updateAffiliatePartnerBody),
);
const createSchema = lazySchema<CreateAffiliatePartnerData>(() =>
  schemas().then((m) => m.createAffiliatePartnerBody),
);

/** A checkbox on the form kit (its value is a boolean). */
function Checkbox({ name, children }: { name: string; children: ReactNode }) {
  const { props, field } = useFormField(name);
  return (
    <label className="mt-2 flex min-h-11 items-center gap-2 text-sm font-semibold text-stone-800">
      <input
        type="checkbox"
        className="h-5 w-5"
        id={props.id}
        ref={field.ref}
        checked={Boolean(field.value)}
        onChange={(e) => field.onChange(e.target.checked)}
        onBlur={field.onBlur}
      />
      {children}
    </label>
  );
}

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

type ApplicationValues = { status: AffiliateStatus; notes: string };

function ApplicationCard({ partner }: { partner: AffiliatePartner }) {
  const save = useUpdateApplication();
  const form = useZodForm({
    schema: applicationSchema,
    defaultValues: { status: partner.application.status, notes: partner.application.notes },
  });
  const [status, notes] = useWatch({ control: form.control, name: ["status", "notes"] });
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
      <Form
        form={form}
        onSubmit={(_body, values: ApplicationValues) =>
          save.mutate(
            { id: partner.id, body: values },
            {
              onSuccess: () => toast({ title: "Application updated" }),
              onError: failed("Failed to update application"),
            },
          )
        }
      >
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          <Field name="status" id={`${id}-status`} label="Status">
            {(props) => (
              <Select {...props}>
                {AFFILIATE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {AFFILIATE_STATUS_LABELS[s]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field name="notes" id={`${id}-notes`} label="Notes" className="sm:col-span-2">
            {(props) => <Textarea {...props} maxLength={2000} />}
          </Field>
        </div>
        <Button type="submit" size="sm" className="mt-3" disabled={!dirty || save.isPending}>
          Save
        </Button>
      </Form>
    </Card>
  );
}

type LinkValues = {
  baseUrl: string;
  affiliateUrl: string;
  affiliateId: string;
  commission: string;
  isActive: boolean;
};

const linkBody = (v: LinkValues) => ({
  baseUrl: v.baseUrl.trim(),
  affiliateUrl: v.affiliateUrl.trim(),
  affiliateId: v.affiliateId.trim(),
  commission: v.commission.trim(),
  isActive: v.isActive,
});

function LinkCard({ partner }: { partner: AffiliatePartner }) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useUpdateAffiliate();
  const remove = useDeleteAffiliate();
  const form = useZodForm({
    schema: updateSchema,
    defaultValues: {
      baseUrl: partner.baseUrl,
      affiliateUrl: partner.affiliateUrl ?? "",
      affiliateId: partner.affiliateId ?? "",
      commission: partner.commission ?? "",
      isActive: partner.isActive,
    },
    toBody: linkBody,
    // A link's message shows as it is typed, as it always has.
    validate: "onChange",
  });
  const [baseUrl, affiliateUrl, isActive] = useWatch({
    control: form.control,
    name: ["baseUrl", "affiliateUrl", "isActive"],
  });
  const { errors } = useFormState({ control: form.control });
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
      <Form
        form={form}
        onSubmit={(_body, values) =>
          save.mutate(
            { id: partner.id, body: linkBody(values) },
            {
              onSuccess: () => toast({ title: "Partner updated" }),
              onError: failed("Failed to update partner"),
            },
          )
        }
      >
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <Field name="baseUrl" id={`${id}-base`} label="Base URL">
            {(props) => <Input {...props} type="url" />}
          </Field>
          <Field name="affiliateUrl" id={`${id}-aff-url`} label="Affiliate URL">
            {(props) => <Input {...props} type="url" placeholder="https://" />}
          </Field>
          <Field name="affiliateId" id={`${id}-aff-id`} label="Affiliate ID">
            {(props) => <Input {...props} maxLength={200} />}
          </Field>
          <Field name="commission" id={`${id}-commission`} label="Commission">
            {(props) => <Input {...props} maxLength={120} />}
          </Field>
        </div>
        <Checkbox name="isActive">Active (shown to visitors as an affiliate block)</Checkbox>
        <p className="text-sm break-all text-stone-700">
          Link used: <span className="font-mono">{preview}</span>
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            type="submit"
            size="sm"
            disabled={Object.keys(errors).length > 0 || save.isPending}
          >
            Save
          </Button>
          <Button size="sm" variant="destructive" onClick={() => setConfirmDelete(true)}>
            <Trash2 size={16} aria-hidden /> Delete
          </Button>
        </div>
      </Form>
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

type PartnerValues = {
  name: string;
  title: string;
  baseUrl: string;
  description: string;
  emoji: string;
  category: AffiliateBlockCategory;
  value: AffiliateValue;
};

const NEW_PARTNER: PartnerValues = {
  name: "",
  title: "",
  baseUrl: "",
  description: "",
  emoji: "",
  category: "supplies",
  value: "medium",
};

const partnerBody = (v: PartnerValues) => ({
  name: v.name.trim(),
  title: v.title.trim(),
  baseUrl: v.baseUrl.trim(),
  description: v.description.trim(),
  emoji: v.emoji.trim(),
  category: v.category,
  value: v.value,
});

function AddPartnerDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const create = useCreateAffiliate();
  const form = useZodForm({
    schema: createSchema,
    defaultValues: NEW_PARTNER,
    toBody: partnerBody,
    validate: "onChange",
  });
  const [name, title, baseUrl] = useWatch({
    control: form.control,
    name: ["name", "title", "baseUrl"],
  });
  const { errors } = useFormState({ control: form.control });
  const ok = Boolean(name.trim() && title.trim() && baseUrl.trim()) && !Object.keys(errors).length;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add affiliate partner">
      <Form
        form={form}
        className="grid gap-3"
        onSubmit={(_body, values) =>
          create.mutate(partnerBody(values), {
            onSuccess: () => {
              form.reset(NEW_PARTNER);
              onOpenChange(false);
              toast({
                title: "Partner added",
                description: "It stays inactive until you activate it under Link Configuration.",
              });
            },
            onError: failed("Failed to add partner"),
          })
        }
      >
        <Field name="name" id="new-partner-name" label="Partner name">
          {(props) => <Input {...props} maxLength={120} />}
        </Field>
        <Field name="baseUrl" id="new-partner-url" label="Base URL">
          {(props) => <Input {...props} type="url" placeholder="https://" />}
        </Field>
        <Field name="title" id="new-partner-title" label="Block title">
          {(props) => <Input {...props} maxLength={120} />}
        </Field>
        <Field name="description" id="new-partner-desc" label="Block description">
          {(props) => <Textarea {...props} maxLength={1000} />}
        </Field>
        <div className="grid grid-cols-3 gap-2">
          <Field name="emoji" id="new-partner-emoji" label="Emoji">
            {(props) => <Input {...props} maxLength={16} />}
          </Field>
          <Field name="category" id="new-partner-category" label="Category">
            {(props) => (
              <Select {...props}>
                {AFFILIATE_BLOCK_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field name="value" id="new-partner-value" label="Value">
            {(props) => (
              <Select {...props}>
                {AFFILIATE_VALUES.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <Button type="submit" disabled={!ok || create.isPending}>
          Add partner
        </Button>
      </Form>
    </Dialog>
  );
}
