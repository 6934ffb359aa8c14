import { and, desc, eq, type SQL } from "drizzle-orm";
import type {
  AnalysisKind,
  AnalysisMethod,
  AnalysisRecord,
  ListAnalysesQuery,
} from "@flockkeeper/shared/schemas/analysis";
import { listAnalysesQuery } from "@flockkeeper/shared/schemas/analysis";
import { AiError } from "../../ai/index";
import type { AnalysisImage } from "../../ai/image";
import type { Database } from "../../db/client";
import { analyses } from "../../db/schema/index";
import { AppError, notFound } from "../../lib/errors";
import { imageUrl, storeImage } from "../images/images.service";
import {
  authorshipOf,
  createdByKeeper,
  type Keeper,
  requireRecordChange,
} from "../../access/access";

/** Analyses per keeper (or per address when signed out) per minute: each may cost a model call. */
export const ANALYSES_PER_MINUTE = 10;
/** Saved photos are kept at most this size. */
const HISTORY_PHOTO_BOX = { maxWidth: 1024, maxHeight: 1024 } as const;

/**
 * Route config shared by the three analysis endpoints. Counted per keeper when signed in, else per
 * address (plugins/rate-limit.ts), never per cookie as sent.
 */
export const analysisRateLimit = {
  rateLimit: { max: ANALYSES_PER_MINUTE, timeWindow: "1 minute" },
};

/** Runs a provider call, turning its failures into errors the caller may see (never a 500). */
export async function runVision<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AiError) throw new AppError(err.statusCode, err.code, err.message);
    throw err;
  }
}

/** Saves a keeper's analysis with its photo; returns the new entry's id. */
export async function saveAnalysis(
  db: Database,
  keeper: Keeper,
  entry: {
    kind: AnalysisKind;
    status: string;
    method: AnalysisMethod;
    result: Record<string, unknown>;
    image: AnalysisImage;
    birdId?: string | null;
  },
): Promise<string> {
  const { farmId } = keeper;
  const stored = await storeImage(db, farmId, entry.image.buffer, HISTORY_PHOTO_BOX);
  const [row] = await db
    .insert(analyses)
    .values({
      ...createdByKeeper(keeper),
      kind: entry.kind,
      status: entry.status,
      method: entry.method,
      result: entry.result,
      imageHash: stored.hash,
      birdId: entry.birdId ?? null,
    })
    .returning({ id: analyses.id });
  return row!.id;
}

type Row = typeof analyses.$inferSelect;

function toRecord(row: Row): AnalysisRecord {
  const result = { ...(row.result as Record<string, unknown>), analysisId: row.id };
  return {
    id: row.id,
    ...authorshipOf(row),
    kind: row.kind as AnalysisKind,
    status: row.status,
    method: row.method as AnalysisMethod,
    birdId: row.birdId,
    imageUrl: row.imageHash ? imageUrl(row.imageHash) : null,
    createdAt: row.createdAt.toISOString(),
    result,
  };
}

/** A keeper's saved analyses, newest first, optionally of one kind and/or one bird. */
export async function listAnalyses(
  db: Database,
  keeper: Keeper,
  query: ListAnalysesQuery,
): Promise<AnalysisRecord[]> {
  const { farmId } = keeper;
  const q = listAnalysesQuery.parse(query);
  const where: SQL[] = [eq(analyses.farmId, farmId)];
  if (q.kind) where.push(eq(analyses.kind, q.kind));
  if (q.birdId) where.push(eq(analyses.birdId, q.birdId));
  const rows = await db
    .select()
    .from(analyses)
    .where(and(...where))
    .orderBy(desc(analyses.createdAt), desc(analyses.id))
    .limit(q.limit);
  return rows.map(toRecord);
}

/** One saved analysis of the keeper (404 when missing or someone else's). */
export async function getAnalysis(
  db: Database,
  keeper: Keeper,
  id: string,
): Promise<AnalysisRecord> {
  const { farmId } = keeper;
  const [row] = await db
    .select()
    .from(analyses)
    .where(and(eq(analyses.id, id), eq(analyses.farmId, farmId)))
    .limit(1);
  if (!row) throw notFound("Analysis");
  return toRecord(row);
}

/** Deletes one saved analysis of the keeper (404 when missing or someone else's). */
export async function deleteAnalysis(db: Database, keeper: Keeper, id: string): Promise<void> {
  const { farmId } = keeper;
  const [row] = await db
    .select({ createdBy: analyses.createdBy })
    .from(analyses)
    .where(and(eq(analyses.id, id), eq(analyses.farmId, farmId)));
  if (!row) throw notFound("Analysis");
  requireRecordChange(keeper, row.createdBy);
  const deleted = await db
    .delete(analyses)
    .where(and(eq(analyses.id, id), eq(analyses.farmId, farmId)))
    .returning({ id: analyses.id });
  if (deleted.length === 0) throw notFound("Analysis");
}
