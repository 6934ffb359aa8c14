// Affiliate lists, labels and the link rule, apart from the zod schemas (schemas/affiliate.ts
// re-exports them) so the admin affiliate page's first paint does not load zod.

/** The partner fields these rules read (schemas/affiliate.ts's AffiliatePartner has them all). */
type Partner = {
  id: string;
  name: string;
  baseUrl: string;
  isActive: boolean;
  commission: string | null;
  affiliateId: string | null;
  affiliateUrl: string | null;
  category: AffiliateBlockCategory;
  value: AffiliateValue;
  application: { status: AffiliateStatus; notes: string | null };
};

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

/**
 * The link an affiliate block opens (spec section 4): the affiliate URL only when the partner is
 * active and has one, else the partner's base URL; '#' when there is no partner.
 */
export function resolveAffiliateLink(
  partner: Pick<Partner, "isActive" | "affiliateUrl" | "baseUrl"> | null | undefined,
): string {
  if (!partner) return "#";
  if (partner.isActive && partner.affiliateUrl) return partner.affiliateUrl;
  return partner.baseUrl;
}

/** The partner configuration 'Export Config' downloads (built in the browser, no server call). */
export function affiliateConfigExport(partners: Partner[], exportedAt: Date) {
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
