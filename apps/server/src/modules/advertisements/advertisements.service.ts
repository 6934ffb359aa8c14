import {
  adCategoriesFor,
  publicAdvertisementList,
  type AdminAdvertisement,
  type AdCategory,
  type CreateAdvertisementData,
  type PublicAdvertisement,
  type UpdateAdvertisementData,
} from "@flockkeeper/shared/schemas/advertisement";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { advertisements } from "../../db/schema/index";
import { notFound } from "../../lib/errors";

type Row = typeof advertisements.$inferSelect;

const toPublic = (r: Row): PublicAdvertisement => ({
  id: r.id,
  title: r.title,
  category: r.category as AdCategory,
  description: r.description,
  imageUrl: r.imageUrl,
  price: r.price,
  link: r.link,
});

const toAdmin = (r: Row): AdminAdvertisement => ({
  ...toPublic(r),
  contactInfo: r.contactInfo,
  isActive: r.isActive ? 1 : 0,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** Active advertisements for a page's category (or all), public fields only, newest first. */
export async function listPublicAds(
  db: Database,
  category: string | undefined,
): Promise<PublicAdvertisement[]> {
  const categories = category ? adCategoriesFor(category) : null;
  const rows = await db
    .select()
    .from(advertisements)
    .where(
      categories
        ? and(eq(advertisements.isActive, true), inArray(advertisements.category, categories))
        : eq(advertisements.isActive, true),
    )
    .orderBy(desc(advertisements.createdAt), desc(advertisements.id))
    .limit(100);
  return publicAdvertisementList.parse(rows.map(toPublic));
}

/** Every advertisement, for the admin. */
export async function listAdminAds(db: Database): Promise<AdminAdvertisement[]> {
  const rows = await db
    .select()
    .from(advertisements)
    .orderBy(desc(advertisements.createdAt), desc(advertisements.id));
  return rows.map(toAdmin);
}

function toColumns(body: UpdateAdvertisementData) {
  const { isActive, ...rest } = body;
  return { ...rest, ...(isActive === undefined ? {} : { isActive: isActive === 1 }) } as Partial<
    typeof advertisements.$inferInsert
  >;
}

export async function createAd(
  db: Database,
  body: CreateAdvertisementData,
): Promise<AdminAdvertisement> {
  const [row] = await db
    .insert(advertisements)
    .values({
      ...(toColumns(body) as typeof advertisements.$inferInsert),
      isActive: body.isActive !== 0,
    })
    .returning();
  return toAdmin(row!);
}

export async function updateAd(
  db: Database,
  id: string,
  body: UpdateAdvertisementData,
): Promise<AdminAdvertisement> {
  const [row] = await db
    .update(advertisements)
    .set({ ...toColumns(body), updatedAt: new Date() })
    .where(eq(advertisements.id, id))
    .returning();
  if (!row) throw notFound("Advertisement");
  return toAdmin(row);
}

export async function deleteAd(db: Database, id: string): Promise<void> {
  const rows = await db
    .delete(advertisements)
    .where(eq(advertisements.id, id))
    .returning({ id: advertisements.id });
  if (rows.length === 0) throw notFound("Advertisement");
}
