import { addDaysIso, daysBetweenIso } from "../schemas/common";
import { layRate } from "./flock";
import { hatchRate } from "./incubation";

/*
 * Pure helpers for the flock Analytics charts: fill gaps in daily totals, bucket lay rate by week,
 * and summarise hatch outcomes. Dates are 'YYYY-MM-DD' strings (UTC calendar days).
 */

/** Eggs on one day. */
export interface DailyEggs {
  date: string;
  eggs: number;
}

/** Every day from start to end (inclusive) with its egg total, 0 where nothing was recorded. */
export function fillDailySeries(
  daily: readonly DailyEggs[],
  startDate: string,
  endDate: string,
): DailyEggs[] {
  const byDate = new Map<string, number>();
  for (const d of daily) byDate.set(d.date, (byDate.get(d.date) ?? 0) + d.eggs);
  const days = daysBetweenIso(startDate, endDate);
  const out: DailyEggs[] = [];
  for (let i = 0; i <= days; i++) {
    const date = addDaysIso(startDate, i);
    out.push({ date, eggs: byDate.get(date) ?? 0 });
  }
  return out;
}

/** Lay rate of one period (a week, or the remainder at the end of the range). */
export interface LayRatePoint {
  /** First day of the period. */
  start: string;
  days: number;
  eggs: number;
  /** Percent with one decimal: eggs / (laying birds x days). */
  rate: number;
}

/**
 * Lay rate per period of `bucketDays` (7 by default) from the start date; the last period may be
 * shorter. With no laying birds every rate is 0.
 */
export function layRateTrend(
  daily: readonly DailyEggs[],
  layingBirds: number,
  startDate: string,
  endDate: string,
  bucketDays = 7,
): LayRatePoint[] {
  const series = fillDailySeries(daily, startDate, endDate);
  const size = Math.max(1, Math.trunc(bucketDays));
  const out: LayRatePoint[] = [];
  for (let i = 0; i < series.length; i += size) {
    const chunk = series.slice(i, i + size);
    const eggs = chunk.reduce((sum, d) => sum + d.eggs, 0);
    out.push({
      start: chunk[0]!.date,
      days: chunk.length,
      eggs,
      rate: layRate(eggs, layingBirds, chunk.length),
    });
  }
  return out;
}

/** The fields of a hatch record the success summary needs. */
export interface HatchOutcome {
  success: boolean | null;
  eggsSet: number | null;
  eggsHatched: number | null;
}

/** Hatch results: finished hatches, how many succeeded, and egg-level hatch rate where counted. */
export interface HatchSummary {
  finished: number;
  successful: number;
  failed: number;
  active: number;
  /** Share of finished hatches that hatched, percent with one decimal. */
  successRate: number;
  /** Eggs set and hatched over finished hatches that recorded both counts. */
  eggsSet: number;
  eggsHatched: number;
  /** eggsHatched / eggsSet, percent with one decimal. */
  eggHatchRate: number;
}

/** Summarises hatch outcomes for the hatch success chart. */
export function summariseHatches(records: readonly HatchOutcome[]): HatchSummary {
  let successful = 0;
  let failed = 0;
  let active = 0;
  let eggsSet = 0;
  let eggsHatched = 0;
  for (const r of records) {
    if (r.success === null) {
      active++;
      continue;
    }
    if (r.success) successful++;
    else failed++;
    if (r.eggsSet !== null && r.eggsSet > 0) {
      const hatched = r.eggsHatched ?? (r.success ? null : 0);
      if (hatched !== null) {
        eggsSet += r.eggsSet;
        eggsHatched += Math.min(hatched, r.eggsSet);
      }
    }
  }
  const finished = successful + failed;
  return {
    finished,
    successful,
    failed,
    active,
    successRate: hatchRate(successful, finished),
    eggsSet,
    eggsHatched,
    eggHatchRate: hatchRate(eggsHatched, eggsSet),
  };
}
