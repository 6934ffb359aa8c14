import { and, asc, eq } from "drizzle-orm";
import type {
  Chicken,
  createChickenBody,
  updateChickenBody,
} from "@flockkeeper/shared/schemas/chicken";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { chickens } from "../../db/schema/index";
import { notFound } from "../../lib/errors";
import { BIRD_PHOTO_BOX, decodeImagePayload, storeImage } from "../images/images.service";
import { authorshipOf, createdByKeeper, type Keeper } from "../../access/access";

type Row = typeof chickens.$inferSelect;
type CreateInput = z.output<typeof createChickenBody>;
type UpdateInput = z.output<typeof updateChickenBody>;

/** The API shape of a bird row. */
export function toChicken(row: Row): Chicken {
  return {
    id: row.id,
    ...authorshipOf(row),
    name: row.name,
    breed: row.breed,
    color: row.color,
    weight: row.weight,
    hatchDate: row.hatchDate,
    sex: row.sex as Chicken["sex"],
    notes: row.notes,
    imageUrl: row.imageUrl,
    species: row.species as Chicken["species"],
    healthStatus: row.healthStatus as Chicken["healthStatus"],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A photo sent as a data URL (as the prototype did) is stored as an image and replaced by its
 * address, so bird rows never hold image bytes.
 */
async function resolvePhoto(db: Database, farmId: string, value: string | null | undefined) {
  if (!value || !value.startsWith("data:")) return value;
  const stored = await storeImage(db, farmId, decodeImagePayload(value), BIRD_PHOTO_BOX);
  return stored.url;
}

/** The keeper's birds, oldest first. */
export async function listChickens(db: Database, keeper: Keeper): Promise<Chicken[]> {
  const { farmId } = keeper;
  const rows = await db
    .select()
    .from(chickens)
    .where(eq(chickens.farmId, farmId))
    .orderBy(asc(chickens.createdAt), asc(chickens.id));
  return rows.map(toChicken);
}

/** One of the keeper's birds, or 404 (also for another keeper's bird). */
export async function getChicken(db: Database, keeper: Keeper, id: string): Promise<Chicken> {
  const { farmId } = keeper;
  const [row] = await db
    .select()
    .from(chickens)
    .where(and(eq(chickens.id, id), eq(chickens.farmId, farmId)))
    .limit(1);
  if (!row) throw notFound("Chicken");
  return toChicken(row);
}

export async function createChicken(
  db: Database,
  keeper: Keeper,
  body: CreateInput,
): Promise<Chicken> {
  const { farmId } = keeper;
  const imageUrl = await resolvePhoto(db, farmId, body.imageUrl);
  const [row] = await db
    .insert(chickens)
    .values({
      ...createdByKeeper(keeper),
      name: body.name,
      breed: body.breed,
      color: body.color ?? null,
      weight: body.weight ?? null,
      hatchDate: body.hatchDate ?? null,
      sex: body.sex ?? "hen",
      notes: body.notes ?? null,
      imageUrl: imageUrl ?? null,
      species: body.species ?? "chicken",
      healthStatus: body.healthStatus ?? "healthy",
    })
    .returning();
  return toChicken(row!);
}

/** Updates the fields present in the body; null clears an optional one. */
export async function updateChicken(
  db: Database,
  keeper: Keeper,
  id: string,
  body: UpdateInput,
): Promise<Chicken> {
  const { farmId } = keeper;
  await getChicken(db, keeper, id);
  const set: Partial<typeof chickens.$inferInsert> = {
    updatedAt: new Date(),
    updatedBy: keeper.user.id,
  };
  if (body.name !== undefined) set.name = body.name;
  if (body.breed !== undefined) set.breed = body.breed;
  // Optional columns: undefined leaves them, null clears them.
  if (body.color !== undefined) set.color = body.color;
  if (body.weight !== undefined) set.weight = body.weight;
  if (body.hatchDate !== undefined) set.hatchDate = body.hatchDate;
  if (body.notes !== undefined) set.notes = body.notes;
  if (body.imageUrl !== undefined)
    set.imageUrl = (await resolvePhoto(db, farmId, body.imageUrl)) ?? null;
  // Required columns keep their value when null is sent.
  if (body.sex) set.sex = body.sex;
  if (body.species) set.species = body.species;
  if (body.healthStatus) set.healthStatus = body.healthStatus;
  const [row] = await db
    .update(chickens)
    .set(set)
    .where(and(eq(chickens.id, id), eq(chickens.farmId, farmId)))
    .returning();
  if (!row) throw notFound("Chicken");
  return toChicken(row);
}

/** Removes a bird and (by cascade) its egg records. */
export async function deleteChicken(db: Database, keeper: Keeper, id: string): Promise<void> {
  const { farmId } = keeper;
  const deleted = await db
    .delete(chickens)
    .where(and(eq(chickens.id, id), eq(chickens.farmId, farmId)))
    .returning({ id: chickens.id });
  if (deleted.length === 0) throw notFound("Chicken");
}
