import { and, desc, eq, notInArray } from "drizzle-orm";
import type { FoodSafetyLevel } from "@flockkeeper/shared/schemas/food";
import { RECENT_SEARCH_LIMIT, type RecentSearch } from "@flockkeeper/shared/schemas/recent-search";
import type { Database } from "../../db/client";
import { recentSearches } from "../../db/schema/index";
import { notFound } from "../../lib/errors";
import { findFood } from "../food-items/food-items.service";
import type { Keeper } from "../../access/access";

type Row = typeof recentSearches.$inferSelect;

function toRecentSearch(row: Row): RecentSearch {
  return {
    id: row.id,
    term: row.term,
    foodName: row.foodName,
    safetyLevel: row.safetyLevel as FoodSafetyLevel | null,
    searchedAt: row.searchedAt.toISOString(),
  };
}

/** Case- and space-insensitive identity of a term, so "Grapes" and " grapes" are one entry. */
const termKey = (term: string) => term.trim().replace(/\s+/g, " ").toLowerCase();

/** The keeper's latest food searches, newest first. */
export async function listRecentSearches(db: Database, keeper: Keeper): Promise<RecentSearch[]> {
  const userId = keeper.user.id;
  const rows = await db
    .select()
    .from(recentSearches)
    .where(eq(recentSearches.userId, userId))
    .orderBy(desc(recentSearches.searchedAt), desc(recentSearches.id))
    .limit(RECENT_SEARCH_LIMIT);
  return rows.map(toRecentSearch);
}

/**
 * Records a search (moving a repeated term to the top) and drops all but the latest few. What it
 * matched is looked up here, not taken from the client.
 */
export async function addRecentSearch(
  db: Database,
  keeper: Keeper,
  term: string,
): Promise<RecentSearch> {
  const userId = keeper.user.id;
  const item = findFood(term);
  const values = {
    term: term.trim().replace(/\s+/g, " "),
    foodName: item?.name ?? null,
    safetyLevel: item?.safetyLevel ?? null,
    searchedAt: new Date(),
  };
  const [row] = await db
    .insert(recentSearches)
    .values({ userId, termKey: termKey(term), ...values })
    .onConflictDoUpdate({ target: [recentSearches.userId, recentSearches.termKey], set: values })
    .returning();
  const keep = db
    .select({ id: recentSearches.id })
    .from(recentSearches)
    .where(eq(recentSearches.userId, userId))
    .orderBy(desc(recentSearches.searchedAt), desc(recentSearches.id))
    .limit(RECENT_SEARCH_LIMIT);
  await db
    .delete(recentSearches)
    .where(and(eq(recentSearches.userId, userId), notInArray(recentSearches.id, keep)));
  return toRecentSearch(row!);
}

/** Removes one of the keeper's recent searches; 404 when missing or another keeper's. */
export async function deleteRecentSearch(db: Database, keeper: Keeper, id: string): Promise<void> {
  const userId = keeper.user.id;
  const deleted = await db
    .delete(recentSearches)
    .where(and(eq(recentSearches.id, id), eq(recentSearches.userId, userId)))
    .returning({ id: recentSearches.id });
  if (deleted.length === 0) throw notFound("Recent search");
}
