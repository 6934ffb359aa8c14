import {
  resolveAffiliateLink,
  type AffiliateApplicationBody,
  type AffiliateBlock,
  type AffiliateBlockCategory,
  type AffiliatePartner,
  type AffiliatePerformance,
  type AffiliateStatus,
  type AffiliateValue,
  type CreateAffiliatePartnerData,
  type UpdateAffiliatePartnerData,
} from "@flockkeeper/shared/schemas/affiliate";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { affiliateApplications, affiliatePartners, clickEvents } from "../../db/schema/index";
import { notFound } from "../../lib/errors";

type PartnerRow = typeof affiliatePartners.$inferSelect;
type ApplicationRow = typeof affiliateApplications.$inferSelect;

const toPartner = (p: PartnerRow, a: ApplicationRow | null): AffiliatePartner => ({
  id: p.id,
  name: p.name,
  baseUrl: p.baseUrl,
  isActive: p.isActive,
  commission: p.commission,
  affiliateId: p.affiliateId,
  affiliateUrl: p.affiliateUrl,
  title: p.title,
  description: p.description,
  emoji: p.emoji,
  category: p.category as AffiliateBlockCategory,
  value: p.value as AffiliateValue,
  isExample: p.seedKey !== null,
  application: {
    status: (a?.status ?? "not_applied") as AffiliateStatus,
    notes: a?.notes ?? "",
    updatedAt: a ? a.updatedAt.toISOString() : null,
  },
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

/** Every partner with its application, for the admin. */
export async function listPartners(db: Database): Promise<AffiliatePartner[]> {
  const rows = await db
    .select({ p: affiliatePartners, a: affiliateApplications })
    .from(affiliatePartners)
    .leftJoin(affiliateApplications, eq(affiliateApplications.partnerId, affiliatePartners.id))
    .orderBy(asc(affiliatePartners.createdAt), asc(affiliatePartners.name));
  return rows.map((r) => toPartner(r.p, r.a));
}

async function getPartner(db: Database, id: string): Promise<AffiliatePartner> {
  const [row] = await db
    .select({ p: affiliatePartners, a: affiliateApplications })
    .from(affiliatePartners)
    .leftJoin(affiliateApplications, eq(affiliateApplications.partnerId, affiliatePartners.id))
    .where(eq(affiliatePartners.id, id));
  if (!row) throw notFound("Affiliate partner");
  return toPartner(row.p, row.a);
}

/** Active partners as affiliate blocks, with the link resolved per spec. */
export async function listBlocks(
  db: Database,
  category?: AffiliateBlockCategory,
): Promise<AffiliateBlock[]> {
  const rows = await db
    .select()
    .from(affiliatePartners)
    .where(
      category
        ? and(eq(affiliatePartners.isActive, true), eq(affiliatePartners.category, category))
        : eq(affiliatePartners.isActive, true),
    )
    .orderBy(asc(affiliatePartners.createdAt), asc(affiliatePartners.name))
    .limit(50);
  return rows.map((p) => ({
    id: p.id,
    partner: p.name,
    title: p.title,
    description: p.description,
    emoji: p.emoji,
    link: resolveAffiliateLink(p),
    category: p.category as AffiliateBlockCategory,
    value: p.value as AffiliateValue,
  }));
}

export async function createPartner(
  db: Database,
  body: CreateAffiliatePartnerData,
): Promise<AffiliatePartner> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(affiliatePartners)
      .values({
        ...body,
        isActive: body.isActive ?? false,
        description: body.description ?? "",
        emoji: body.emoji ?? "",
      })
      .returning({ id: affiliatePartners.id });
    await tx.insert(affiliateApplications).values({ partnerId: row!.id });
    return row!.id;
  });
  return getPartner(db, id);
}

export async function updatePartner(
  db: Database,
  id: string,
  body: UpdateAffiliatePartnerData,
): Promise<AffiliatePartner> {
  const rows = await db
    .update(affiliatePartners)
    .set({ ...body, updatedAt: new Date() })
    .where(eq(affiliatePartners.id, id))
    .returning({ id: affiliatePartners.id });
  if (rows.length === 0) throw notFound("Affiliate partner");
  return getPartner(db, id);
}

export async function deletePartner(db: Database, id: string): Promise<void> {
  const rows = await db
    .delete(affiliatePartners)
    .where(eq(affiliatePartners.id, id))
    .returning({ id: affiliatePartners.id });
  if (rows.length === 0) throw notFound("Affiliate partner");
}

export async function setApplication(
  db: Database,
  id: string,
  body: AffiliateApplicationBody,
): Promise<AffiliatePartner> {
  await getPartner(db, id);
  const values = { status: body.status, notes: body.notes ?? "", updatedAt: new Date() };
  await db
    .insert(affiliateApplications)
    .values({ partnerId: id, ...values })
    .onConflictDoUpdate({ target: affiliateApplications.partnerId, set: values });
  return getPartner(db, id);
}

/**
 * The six partner types spec.md names, as inactive examples an admin fills in with their own
 * programme details. They point at example.com so nothing links to a real shop without an agreement.
 */
export const EXAMPLE_PARTNERS: ReadonlyArray<
  Omit<CreateAffiliatePartnerData, "isActive" | "affiliateId" | "affiliateUrl"> & {
    seedKey: string;
  }
> = [
  {
    seedKey: "live-chicks",
    name: "Example: live chick hatchery",
    baseUrl: "https://example.com/live-chicks",
    commission: null,
    title: "Day-old chicks from a hatchery",
    description: "Sexed, vaccinated day-old chicks, ducklings and keets shipped to your door.",
    emoji: "🐣",
    category: "supplies",
    value: "high",
  },
  {
    seedKey: "keeping-guide",
    name: "Example: chicken-keeping guide",
    baseUrl: "https://example.com/chicken-keeping-guide",
    commission: "50%",
    title: "A complete guide to keeping chickens",
    description: "A step-by-step guide for new keepers: housing, feeding, health and eggs.",
    emoji: "📘",
    category: "education",
    value: "premium",
  },
  {
    seedKey: "coop-plans",
    name: "Example: coop design plans",
    baseUrl: "https://example.com/coop-plans",
    commission: "50%",
    title: "Build-it-yourself coop plans",
    description: "Printable plans with cutting lists for coops of every size.",
    emoji: "📐",
    category: "coops",
    value: "medium",
  },
  {
    seedKey: "coops-sheds",
    name: "Example: coop and shed seller",
    baseUrl: "https://example.com/coops-and-sheds",
    commission: "$50-100 per sale",
    title: "Ready-built coops and sheds",
    description: "Predator-proof coops and sheds delivered and assembled.",
    emoji: "🏠",
    category: "coops",
    value: "premium",
  },
  {
    seedKey: "farm-supply",
    name: "Example: farm supply retailer",
    baseUrl: "https://example.com/farm-supply",
    commission: null,
    title: "Feed, bedding and flock supplies",
    description: "Layer feed, chick starter, grit, oyster shell and bedding.",
    emoji: "🌾",
    category: "feed",
    value: "high",
  },
  {
    seedKey: "feeders-fencing",
    name: "Example: feeder and fencing seller",
    baseUrl: "https://example.com/feeders-and-fencing",
    commission: null,
    title: "Feeders, waterers and poultry netting",
    description: "Rat-proof feeders, heated waterers and electric poultry netting.",
    emoji: "🥚",
    category: "supplies",
    value: "medium",
  },
];

/** Adds the six example partners (inactive); asking again adds nothing. */
export async function seedExamplePartners(db: Database): Promise<AffiliatePartner[]> {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(affiliatePartners)
      .values(EXAMPLE_PARTNERS.map((p) => ({ ...p, isActive: false })))
      .onConflictDoNothing({ target: affiliatePartners.seedKey })
      .returning({ id: affiliatePartners.id });
    if (inserted.length > 0) {
      await tx.insert(affiliateApplications).values(inserted.map((r) => ({ partnerId: r.id })));
    }
  });
  return listPartners(db);
}

/** Affiliate clicks per partner name (from the 'affiliate_click' events), most clicked first. */
export async function affiliatePerformance(db: Database): Promise<AffiliatePerformance> {
  const partner = sql<string>`coalesce(${clickEvents.metadata}->>'partner', '(unknown)')`;
  const clicks = sql<number>`cast(count(*) as integer)`;
  const rows = await db
    .select({ partner, clicks, last: sql<Date | string>`max(${clickEvents.createdAt})` })
    .from(clickEvents)
    .where(eq(clickEvents.elementName, "affiliate_click"))
    .groupBy(partner)
    .orderBy(desc(clicks), partner)
    .limit(100);
  return rows.map((r) => ({
    partner: r.partner,
    clicks: Number(r.clicks),
    lastClickAt: r.last ? new Date(r.last).toISOString() : null,
  }));
}
