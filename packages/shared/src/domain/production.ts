import { addDaysIso } from "./dates";
import { POULTRY_SPECIES, type PoultrySpecies } from "./species-labels";
import type { AlertSeverity, DiseaseAlert, ProductionSummary } from "../schemas/production";
import { defaultText, unitText, type UnitText } from "./units";
import { EXTREME_COLD_LOW_F, HEAT_F, weatherAlerts } from "./weather-alerts";

/*
 * Production Hub maths: the summary figures, per-bird feed splitting, laying baselines, weight
 * loss and environment thresholds, and the alerts raised from them. Pure functions; the server
 * aggregates the keeper's records in SQL and passes the totals in.
 */

/** Days in the "recent" laying window (today and the 6 days before). */
export const RECENT_LAYING_DAYS = 7;
/** Days of the baseline window just before the recent one. */
export const BASELINE_LAYING_DAYS = 28;
/** Baseline days with egg records needed before a laying drop is judged. */
export const MIN_BASELINE_LOGGED_DAYS = 7;
/** Recent days with egg records needed before a laying drop is judged. */
export const MIN_RECENT_LOGGED_DAYS = 3;
/** A bird laying less than this many eggs a day at baseline is not judged (moult, young, old). */
export const MIN_BASELINE_RATE = 0.2;
/** Weight loss is measured against the heaviest weigh-in this many days before the latest one. */
export const WEIGHT_WINDOW_DAYS = 14;
/** Weight loss above this share (10%) in the window raises an alert (issue 6). */
export const WEIGHT_LOSS_ALERT = 0.1;
/** Environment readings this many days old or newer count as current. */
export const ENVIRONMENT_WINDOW_DAYS = 7;
/** Saved analyses this many days old or newer count. */
export const ANALYSIS_WINDOW_DAYS = 14;

const round = (v: number, places = 2) => {
  const f = 10 ** places;
  return Math.round(v * f) / f;
};
const finite = (v: number) => (Number.isFinite(v) ? v : 0);

/** First and last day of a period of `days` days ending today (inclusive). */
export function periodRange(today: string, days: number): { startDate: string; endDate: string } {
  return { startDate: addDaysIso(today, -(days - 1)), endDate: today };
}

/** Totals of one period, as summed in SQL. */
export interface SummaryTotals {
  period: number;
  startDate: string;
  endDate: string;
  totalEggs: number;
  layingBirds: number;
  totalFeedLbs: number;
  totalFeedCost: number;
  avgBirdWeight: number | null;
  /**
   * Each species' mean latest weight and how many birds were weighed. When given, it decides
   * `avgBirdWeight`: that mean for one species, null for several (never a hen with a turkey).
   */
  weightBySpecies?: readonly { species: PoultrySpecies; avgWeight: number; birds: number }[];
  eggPrice: number;
  /** Days of the period with egg records, eggs and hen-days over them (issue 19: hen-day lay rate). */
  daysWithRecords?: number;
  henDays?: number;
}

/**
 * The production summary: eggs per laying bird, eggs per lb of feed, egg value at the egg price
 * minus feed cost, and feed cost per dozen eggs. Money to 2 places, ratios to 2, weight to 2.
 */
export function productionSummary(t: SummaryTotals): ProductionSummary {
  const bySpecies = [...(t.weightBySpecies ?? [])]
    .sort((a, b) => POULTRY_SPECIES.indexOf(a.species) - POULTRY_SPECIES.indexOf(b.species))
    .map((w) => ({ species: w.species, avgWeight: round(w.avgWeight), birds: w.birds }));
  const avgBirdWeight = t.weightBySpecies
    ? bySpecies.length === 1
      ? bySpecies[0]!.avgWeight
      : null
    : t.avgBirdWeight === null
      ? null
      : round(t.avgBirdWeight);
  const totalEggs = finite(t.totalEggs);
  const feedLbs = finite(t.totalFeedLbs);
  const feedCost = finite(t.totalFeedCost);
  const eggValue = totalEggs * finite(t.eggPrice);
  return {
    period: t.period,
    startDate: t.startDate,
    endDate: t.endDate,
    totalEggs,
    avgEggsPerBird: t.layingBirds > 0 ? round(totalEggs / t.layingBirds) : 0,
    feedEfficiency: feedLbs > 0 ? round(totalEggs / feedLbs) : 0,
    totalFeedCost: round(feedCost),
    profitability: round(eggValue - feedCost),
    avgBirdWeight,
    avgWeightBySpecies: bySpecies,
    totalFeedLbs: round(feedLbs),
    eggPrice: t.eggPrice,
    eggValue: round(eggValue),
    costPerDozen: totalEggs > 0 ? round((feedCost / totalEggs) * 12) : null,
    layingBirds: t.layingBirds,
    daysWithRecords: t.daysWithRecords ?? 0,
    henDays: t.henDays ?? 0,
    layRate: t.henDays && t.henDays > 0 ? Math.round((totalEggs / t.henDays) * 1000) / 10 : null,
  };
}

/** Eggs per lb of feed and feed cost per dozen for one day or week (null when undefined). */
export function efficiencyPoint(eggs: number, feedLbs: number, feedCost: number) {
  return {
    feedEfficiency: feedLbs > 0 ? round(eggs / feedLbs) : null,
    costPerDozen: eggs > 0 ? round((feedCost / eggs) * 12) : null,
  };
}

/**
 * Splits a whole-flock feed entry evenly over `birds` birds. Amounts are rounded to 0.001 lb and
 * cost to cents; the last bird takes the rounding remainder so the parts add up to the total.
 */
export function splitFeed(
  amount: number,
  cost: number | null | undefined,
  birds: number,
): { feedAmount: number; feedCost: number | null }[] {
  if (birds <= 0) return [];
  const share = (total: number, places: number) => {
    const unit = 10 ** places;
    const totalUnits = Math.round(total * unit);
    const each = Math.floor(totalUnits / birds);
    return Array.from({ length: birds }, (_, i) =>
      i === birds - 1 ? (totalUnits - each * (birds - 1)) / unit : each / unit,
    );
  };
  const amounts = share(amount, 3);
  const costs = cost === null || cost === undefined ? null : share(cost, 2);
  return amounts.map((a, i) => ({ feedAmount: a, feedCost: costs ? costs[i]! : null }));
}

/** Eggs and logged days in the baseline and recent windows (one bird or the whole flock). */
export interface LayingWindows {
  baselineEggs: number;
  /** Days in the baseline window on which the keeper logged any eggs. */
  baselineDays: number;
  recentEggs: number;
  /** Days in the recent window on which the keeper logged any eggs. */
  recentDays: number;
}

export interface LayingChange {
  /** Eggs per logged day at baseline. */
  baselineRate: number;
  /** Eggs per logged day recently. */
  recentRate: number;
  /** Share of the baseline rate lost (0.4 = laying 40% less); negative when laying more. */
  drop: number;
}

/**
 * Laying now against the bird's (or flock's) own baseline, per day the keeper logged eggs, so days
 * without any records never look like a drop. Null when there is too little data to judge.
 */
export function layingChange(w: LayingWindows, minBaselineRate = MIN_BASELINE_RATE) {
  if (w.baselineDays < MIN_BASELINE_LOGGED_DAYS || w.recentDays < MIN_RECENT_LOGGED_DAYS)
    return null;
  const baselineRate = w.baselineEggs / w.baselineDays;
  if (baselineRate < minBaselineRate) return null;
  const recentRate = w.recentEggs / w.recentDays;
  return {
    baselineRate: round(baselineRate),
    recentRate: round(recentRate),
    drop: round(1 - recentRate / baselineRate, 3),
  } satisfies LayingChange;
}

/** A flock's laying windows with the hen-days behind its eggs (laying hens x logged days). */
export interface HenDayWindows extends LayingWindows {
  baselineHenDays: number;
  recentHenDays: number;
}

/**
 * A flock's laying now against its own baseline per hen-day, so a flock that grew or lost birds
 * is not read as laying more or less; logged days must be enough as for one bird. Null when there
 * is too little data to judge.
 */
export function henDayLayingChange(w: HenDayWindows): LayingChange | null {
  if (w.baselineDays < MIN_BASELINE_LOGGED_DAYS || w.recentDays < MIN_RECENT_LOGGED_DAYS)
    return null;
  if (w.baselineHenDays <= 0 || w.recentHenDays <= 0) return null;
  const baselineRate = w.baselineEggs / w.baselineHenDays;
  if (baselineRate < MIN_BASELINE_RATE) return null;
  const recentRate = w.recentEggs / w.recentHenDays;
  return {
    baselineRate: round(baselineRate),
    recentRate: round(recentRate),
    drop: round(1 - recentRate / baselineRate, 3),
  };
}

/** Severity of a laying drop: 30%+ medium, 60%+ high (a bird), 25%+ / 50%+ for the whole flock. */
export function layingDropSeverity(drop: number, flock = false): AlertSeverity | null {
  const [medium, high] = flock ? [0.25, 0.5] : [0.3, 0.6];
  if (drop >= high) return "high";
  if (drop >= medium) return "medium";
  return null;
}

/** Share of weight lost from the heaviest earlier weigh-in to the latest (0.15 = 15% lost). */
export function weightLoss(earlierMax: number | null, latest: number | null): number | null {
  if (earlierMax === null || latest === null || earlierMax <= 0) return null;
  return round((earlierMax - latest) / earlierMax, 3);
}

/** Over 25% critical, over 20% urgent, over 10% high, else no alert. */
export function weightLossSeverity(loss: number | null): AlertSeverity | null {
  if (loss === null) return null;
  if (loss > 0.25) return "critical";
  if (loss > 0.2) return "urgent";
  if (loss > WEIGHT_LOSS_ALERT) return "high";
  return null;
}

/** One coop reading as the environment checks need it. */
export interface EnvironmentReading {
  date: string;
  temperature: number | null;
  humidity: number | null;
  ventilation?: string | null;
  coopCondition?: string | null;
  /** Recorded weather: sunny, rainy, cloudy, windy or stormy. */
  weather?: string | null;
}

export type EnvironmentIssueId = "freezing" | "heat" | "humidity" | "storm" | "coop";

/** WMO code of a thunderstorm: how a reading recorded as stormy meets the weather storm rule. */
const STORM_WMO_CODE = 95;

export interface EnvironmentIssue {
  id: EnvironmentIssueId;
  severity: AlertSeverity;
  title: string;
  message: UnitText;
  date: string;
}

/** Heat this many °F above the heat threshold is serious. */
const SEVERE_HEAT_MARGIN_F = 10;

/**
 * Readings beyond the spec's weather thresholds (below 32°F, above 85°F, humidity above 80%, storm),
 * via the weather module's own rules; below 25°F or above 95°F is high, otherwise medium; weather
 * recorded as stormy is medium. A dirty coop with poor ventilation is a low-severity issue. One
 * issue per kind, from its most extreme (for storms, latest) reading.
 */
export function environmentIssues(readings: readonly EnvironmentReading[]): EnvironmentIssue[] {
  const worst = new Map<EnvironmentIssueId, { issue: EnvironmentIssue; extremity: number }>();
  const keep = (issue: EnvironmentIssue, extremity: number) => {
    const prev = worst.get(issue.id);
    if (!prev || extremity > prev.extremity) worst.set(issue.id, { issue, extremity });
  };
  for (const r of readings) {
    const alerts = weatherAlerts({
      temperatureF: r.temperature ?? Number.NaN,
      humidity: r.humidity ?? Number.NaN,
      windMph: Number.NaN,
      weatherCode: r.weather === "stormy" ? STORM_WMO_CODE : null,
      forecast: [],
    });
    for (const a of alerts) {
      const t = r.temperature ?? 0;
      if (a.id === "freezing")
        keep(
          {
            id: "freezing",
            severity: t < EXTREME_COLD_LOW_F ? "high" : "medium",
            title: a.title,
            message: a.message,
            date: r.date,
          },
          -t,
        );
      if (a.id === "heat")
        keep(
          {
            id: "heat",
            severity: t > HEAT_F + SEVERE_HEAT_MARGIN_F ? "high" : "medium",
            title: a.title,
            message: a.message,
            date: r.date,
          },
          t,
        );
      if (a.id === "humidity")
        keep(
          { id: "humidity", severity: "medium", title: a.title, message: a.message, date: r.date },
          r.humidity ?? 0,
        );
      if (a.id === "storm")
        keep(
          {
            id: "storm",
            severity: "medium",
            title: "Stormy weather recorded",
            message: unitText(
              "Shut birds in a secure, dry coop while it lasts; afterwards check the roof and run for leaks, wet litter and damage, and drainage around the run.",
            ),
            date: r.date,
          },
          Date.parse(r.date),
        );
    }
    if (
      r.ventilation === "poor" &&
      (r.coopCondition === "dirty" || r.coopCondition === "needs_maintenance")
    ) {
      keep(
        {
          id: "coop",
          severity: "low",
          title: "Poor coop conditions",
          message: unitText(
            "The coop was recorded as dirty or needing maintenance with poor ventilation: ammonia and damp raise the risk of respiratory disease.",
          ),
          date: r.date,
        },
        0,
      );
    }
  }
  return [...worst.values()].map((w) => w.issue);
}

const SEVERITY_RANK: Record<AlertSeverity, number> = {
  critical: 0,
  urgent: 1,
  high: 2,
  medium: 3,
  low: 4,
};

/** True for the severities that show the urgent banner (spec: urgent or critical). */
export const isUrgentSeverity = (s: AlertSeverity) => s === "urgent" || s === "critical";

/** Everything the alert rules need, aggregated by the server for one keeper. */
export interface AlertInput {
  today: string;
  birds: {
    id: string;
    name: string;
    healthStatus: string;
    laying: LayingWindows;
    /** Latest weigh-in within the window, and the heaviest in the 14 days before it. */
    latestWeight: { date: string; weight: number } | null;
    earlierMaxWeight: number | null;
  }[];
  flockLaying: LayingWindows;
  environment: readonly EnvironmentReading[];
  urgentAnalyses: { id: string; kind: string; birdId: string | null; createdAt: string }[];
}

const pct = (share: number) => `${Math.round(share * 100)}%`;
const fmt = (v: number) => String(round(v, 2));

type AlertDraft = Omit<
  DiseaseAlert,
  "description" | "actionRequired" | "descriptionText" | "actionRequiredText"
> & { description: string | UnitText; actionRequired: string | UnitText };

/**
 * The spec's sentence fields (`description`, `actionRequired`) in its units, °F and lbs, with the
 * same messages as templates and quantities beside them, for the web app to show in the keeper's.
 */
function toAlert({ description, actionRequired, ...rest }: AlertDraft): DiseaseAlert {
  const d = typeof description === "string" ? unitText(description) : description;
  const a = typeof actionRequired === "string" ? unitText(actionRequired) : actionRequired;
  return {
    ...rest,
    description: defaultText(d),
    actionRequired: defaultText(a),
    descriptionText: d,
    actionRequiredText: a,
  };
}

/** The active disease alerts for a keeper, most serious first. */
export function buildAlerts(input: AlertInput): DiseaseAlert[] {
  const drafts: AlertDraft[] = [];
  const at = (date: string) => `${date}T00:00:00.000Z`;
  const names = new Map(input.birds.map((b) => [b.id, b.name]));

  for (const bird of input.birds) {
    const change = layingChange(bird.laying);
    const laySeverity = change ? layingDropSeverity(change.drop) : null;
    if (change && laySeverity) {
      drafts.push({
        id: `laying-drop:${bird.id}`,
        chickenId: bird.id,
        chickenName: bird.name,
        kind: "laying-drop",
        severity: laySeverity,
        title: `${bird.name} is laying ${pct(change.drop)} less`,
        description: `${fmt(change.recentRate)} eggs a day over the last ${RECENT_LAYING_DAYS} days against ${fmt(change.baselineRate)} in the ${BASELINE_LAYING_DAYS} days before.`,
        actionRequired:
          "Check for illness, parasites, stress, broodiness or moult; check feed, water, light hours and nest boxes.",
        createdAt: at(input.today),
      });
    }
    const loss = weightLoss(bird.earlierMaxWeight, bird.latestWeight?.weight ?? null);
    const lossSeverity = weightLossSeverity(loss);
    if (loss !== null && lossSeverity && bird.latestWeight) {
      drafts.push({
        id: `weight-loss:${bird.id}`,
        chickenId: bird.id,
        chickenName: bird.name,
        kind: "weight-loss",
        severity: lossSeverity,
        title: `${bird.name} lost ${pct(loss)} of body weight`,
        description: unitText(`Down from {from} to {to} within ${WEIGHT_WINDOW_DAYS} days.`, {
          from: { value: bird.earlierMaxWeight ?? 0, unit: "lbs" },
          to: { value: bird.latestWeight.weight, unit: "lbs" },
        }),
        actionRequired:
          "Examine the bird (crop, vent, keel, parasites), check it can reach feed and water, separate it if it seems unwell and contact a vet.",
        createdAt: at(bird.latestWeight.date),
      });
    }
    if (bird.healthStatus === "sick") {
      drafts.push({
        id: `sick:${bird.id}`,
        chickenId: bird.id,
        chickenName: bird.name,
        kind: "sick",
        severity: "high",
        title: `${bird.name} is marked sick`,
        description: "You marked this bird as sick in your flock.",
        actionRequired:
          "Keep it apart from the flock, watch food and water intake, and contact a vet if it does not improve.",
        createdAt: at(input.today),
      });
    }
  }

  const flock = layingChange(input.flockLaying, MIN_BASELINE_RATE);
  const flockSeverity = flock ? layingDropSeverity(flock.drop, true) : null;
  if (flock && flockSeverity) {
    drafts.push({
      id: "flock-laying-drop",
      chickenId: null,
      chickenName: null,
      kind: "flock-laying-drop",
      severity: flockSeverity,
      title: `Flock laying down ${pct(flock.drop)}`,
      description: `${fmt(flock.recentRate)} eggs a day over the last ${RECENT_LAYING_DAYS} days against ${fmt(flock.baselineRate)} in the ${BASELINE_LAYING_DAYS} days before.`,
      actionRequired:
        "A flock-wide drop points to feed, water, light, heat, stress or infectious disease: check conditions and watch for other signs.",
      createdAt: at(input.today),
    });
  }

  for (const issue of environmentIssues(input.environment)) {
    drafts.push({
      id: `environment:${issue.id}`,
      chickenId: null,
      chickenName: null,
      kind: "environment",
      severity: issue.severity,
      title: issue.title,
      description: `Coop reading on ${issue.date}.`,
      actionRequired: issue.message,
      createdAt: at(issue.date),
    });
  }

  for (const a of input.urgentAnalyses) {
    const name = a.birdId ? (names.get(a.birdId) ?? null) : null;
    drafts.push({
      id: `analysis:${a.id}`,
      chickenId: name ? a.birdId : null,
      chickenName: name,
      kind: "analysis",
      severity: "urgent",
      title: `Urgent ${a.kind === "droppings" ? "droppings" : "health"} check result${name ? ` for ${name}` : ""}`,
      description: "A saved photo analysis came back with status urgent.",
      actionRequired: "Review the analysis and contact a vet promptly.",
      createdAt: a.createdAt,
    });
  }

  return drafts
    .map(toAlert)
    .sort(
      (a, b) =>
        SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
        b.createdAt.localeCompare(a.createdAt) ||
        a.id.localeCompare(b.id),
    );
}
