import { z } from "zod";
import { isHttpUrl, LINK_MESSAGE } from "../domain/links";

/** Where an affiliate application stands; freely selectable by the admin (spec section 4). */
export const AFFILIATE_STATUSES = ["not_applied", "pending", "approved", "rejected"] as const;
export type AffiliateStatus = (typeof AFFILIATE_STATUSES)[number];
export const AFFILIATE_STATUS_LABELS: Record<AffiliateStatus, string> = {
  not_applied: "Not applied",
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
};

/** Affiliate block categories and value tiers (spec: Ad (affiliate block)). */
export const AFFILIATE_BLOCK_CATEGORIES = ["supplies", "education", "coops", "feed"] as const;
export type AffiliateBlockCategory = (typeof AFFILIATE_BLOCK_CATEGORIES)[number];
export const AFFILIATE_VALUES = ["high", "premium", "medium"] as const;
export type AffiliateValue = (typeof AFFILIATE_VALUES)[number];

const httpUrl = z.string().trim().max(2000, "Link is too long").refine(isHttpUrl, LINK_MESSAGE);
const optionalHttpUrl = z
  .union([z.literal("").transform(() => null), z.null(), httpUrl])
  .optional();
const optionalText = (max: number) =>
  z.union([z.literal("").transform(() => null), z.null(), z.string().trim().max(max)]).optional();

const partnerFields = {
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(120, "Name must be at most 120 characters"),
  baseUrl: httpUrl,
  isActive: z.boolean({ error: "isActive must be true or false" }).optional(),
  commission: optionalText(120),
  affiliateId: optionalText(200),
  affiliateUrl: optionalHttpUrl,
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(120, "Title must be at most 120 characters"),
  description: z
    .string()
    .trim()
    .max(1000, "Description must be at most 1000 characters")
    .optional(),
  emoji: z.string().trim().max(16, "Use one emoji").optional(),
  category: z.enum(AFFILIATE_BLOCK_CATEGORIES, { error: "Please select a category" }),
  value: z.enum(AFFILIATE_VALUES, { error: "Please select a value tier" }).optional(),
};

/** `POST /api/admin/affiliates`. */
export const createAffiliatePartnerBody = z.object(partnerFields).strict();
export type CreateAffiliatePartnerBody = z.input<typeof createAffiliatePartnerBody>;
export type CreateAffiliatePartnerData = z.output<typeof createAffiliatePartnerBody>;

/** `PATCH /api/admin/affiliates/{id}`. */
export const updateAffiliatePartnerBody = z
  .object(partnerFields)
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, "Nothing to update");
export type UpdateAffiliatePartnerBody = z.input<typeof updateAffiliatePartnerBody>;
export type UpdateAffiliatePartnerData = z.output<typeof updateAffiliatePartnerBody>;

/** `PUT /api/admin/affiliates/{id}/application`. */
export const affiliateApplicationBody = z
  .object({
    status: z.enum(AFFILIATE_STATUSES, { error: "Unknown application status" }),
    notes: z.string().trim().max(2000, "Notes must be at most 2000 characters").optional(),
  })
  .strict();
export type AffiliateApplicationBody = z.input<typeof affiliateApplicationBody>;

export const affiliateApplication = z.object({
  status: z.enum(AFFILIATE_STATUSES),
  notes: z.string(),
  updatedAt: z.string().nullable(),
});

/** A partner as the admin manages it, with its application. */
export const affiliatePartner = z.object({
  id: z.uuid(),
  name: z.string(),
  baseUrl: z.string(),
  isActive: z.boolean(),
  commission: z.string().nullable(),
  affiliateId: z.string().nullable(),
  affiliateUrl: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  emoji: z.string(),
  category: z.enum(AFFILIATE_BLOCK_CATEGORIES),
  value: z.enum(AFFILIATE_VALUES),
  isExample: z.boolean(),
  application: affiliateApplication,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AffiliatePartner = z.infer<typeof affiliatePartner>;
export const affiliatePartnerList = z.array(affiliatePartner);

/** `GET /api/affiliate-blocks?category=`: what a visitor sees of an active partner. */
export const affiliateBlock = z.object({
  id: z.uuid(),
  partner: z.string(),
  title: z.string(),
  description: z.string(),
  emoji: z.string(),
  link: z.string(),
  category: z.enum(AFFILIATE_BLOCK_CATEGORIES),
  value: z.enum(AFFILIATE_VALUES),
});
export type AffiliateBlock = z.infer<typeof affiliateBlock>;
export const affiliateBlockList = z.array(affiliateBlock);
export const affiliateBlockQuery = z.object({
  category: z.enum(AFFILIATE_BLOCK_CATEGORIES, { error: "Unknown category" }).optional(),
});

/**
 * The link an affiliate block opens (spec section 4): the affiliate URL only when the partner is
 * active and has one, else the partner's base URL; '#' when there is no partner.
 */
export function resolveAffiliateLink(
  partner: Pick<AffiliatePartner, "isActive" | "affiliateUrl" | "baseUrl"> | null | undefined,
): string {
  if (!partner) return "#";
  if (partner.isActive && partner.affiliateUrl) return partner.affiliateUrl;
  return partner.baseUrl;
}

/** The partner configuration 'Export Config' downloads (built in the browser, no server call). */
export function affiliateConfigExport(partners: AffiliatePartner[], exportedAt: Date) {
  return {
    exportedAt: exportedAt.toISOString(),
    partners: partners.map((p) => ({
      id: p.id,
      name: p.name,
      baseUrl: p.baseUrl,
      isActive: p.isActive,
      commission: p.commission,
      affiliateId: p.affiliateId,
      affiliateUrl: p.affiliateUrl,
      resolvedLink: resolveAffiliateLink(p),
      category: p.category,
      value: p.value,
      application: { status: p.application.status, notes: p.application.notes },
    })),
  };
}

/** `GET /api/admin/affiliates/performance`: 'affiliate_click' events per partner, counted in SQL. */
export const affiliatePerformance = z.array(
  z.object({ partner: z.string(), clicks: z.number().int(), lastClickAt: z.string().nullable() }),
);
export type AffiliatePerformance = z.infer<typeof affiliatePerformance>;
