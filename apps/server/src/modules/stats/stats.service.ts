import { count, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { StatsResponse } from "@flockkeeper/shared/schemas/stats";
import type { Database } from "../../db/client";
import { analyses, users } from "../../db/schema/index";
import { getKnowledge } from "../../knowledge/index";

/** Chickens, ducks, geese, turkeys, guinea fowl and quail: supported in every record type. */
export const SPECIES_SUPPORTED = 6;

/** Analysis kinds that count as "health and droppings analyses run" (breed ID is not a health check). */
const HEALTH_KINDS = ["droppings", "health"];

/**
 * Counts the live figures. Each one is independent: if a count fails (a table missing on an old
 * database, an unreadable dataset) that figure is left out rather than guessed.
 */
export async function countStats(
  db: Database,
  socialUrl: string,
  log?: FastifyBaseLogger,
): Promise<StatsResponse> {
  const out: StatsResponse = {
    species: SPECIES_SUPPORTED,
    socialUrl,
    generatedAt: new Date().toISOString(),
  };
  const [keepers, analysesRun] = await Promise.allSettled([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(analyses).where(inArray(analyses.kind, HEALTH_KINDS)),
  ]);
  if (keepers.status === "fulfilled") out.keepers = Number(keepers.value[0]?.n ?? 0);
  else log?.warn({ err: keepers.reason }, "stats: could not count keepers");
  if (analysesRun.status === "fulfilled") out.analyses = Number(analysesRun.value[0]?.n ?? 0);
  else log?.warn({ err: analysesRun.reason }, "stats: could not count analyses");
  try {
    const knowledge = getKnowledge();
    out.foods = knowledge.foods.length;
    out.breeds = knowledge.breeds.length;
  } catch (err) {
    log?.warn({ err }, "stats: knowledge base unavailable");
  }
  return out;
}
