import type { PoultrySpecies } from "../schemas/species";

/*
 * Pro-tools calculators: feed cost, egg production and coop space (spec section 9).
 *
 * Inputs arrive as text from form fields. Empty or invalid numbers count as 0; consumption, laying
 * rate and egg price fall back to their defaults when 0 or invalid. Inputs are capped at
 * MAX_CALCULATOR_INPUT so results are always finite. Bird and hen counts are whole birds (fractions
 * are dropped).
 */

/** Largest value any calculator input may take; bigger inputs are capped to keep results finite. */
export const MAX_CALCULATOR_INPUT = 1e9;

/** A calculator input as it comes from a form field. */
export type CalculatorInput = string | number | null | undefined;

/** Parses a calculator input: empty, invalid, NaN, infinite or negative gives 0; huge values are capped. */
export function toNumberOrZero(input: CalculatorInput): number {
  let value: number;
  if (typeof input === "number") {
    value = input;
  } else if (typeof input === "string") {
    const trimmed = input.trim();
    if (trimmed === "") return 0;
    value = Number(trimmed);
  } else {
    return 0;
  }
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.min(value, MAX_CALCULATOR_INPUT);
}

/** Parses a count of birds: like toNumberOrZero, then rounded down to whole birds. */
export function toBirdCount(input: CalculatorInput): number {
  return Math.floor(toNumberOrZero(input));
}

/** Formats an egg count with no decimals and thousands separators, e.g. "2,555". */
export function formatEggs(value: number): string {
  return new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 }).format(value);
}

/** Formats money in dollars with two decimals and thousands separators, e.g. "$1,095.00". */
export function formatMoney(value: number): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}

/** Formats a quantity with at most `decimals` decimals and thousands separators, e.g. "2.5". */
export function formatQuantity(value: number, decimals = 1): string {
  return new Intl.NumberFormat("en-US", { maximumFractionDigits: decimals }).format(value);
}

// ---------------------------------------------------------------------------------------------
// Feed cost
// ---------------------------------------------------------------------------------------------

/** Weight of one feed bag in pounds; the feed price input is the price of one bag. */
export const FEED_BAG_LBS = 50;

/** Default daily consumption (lbs per bird per day) for standard breeds. */
export const DEFAULT_CONSUMPTION = 0.25;

/** Daily consumption choices in lbs per bird per day. */
export const CONSUMPTION_OPTIONS = [
  { value: 0.15, label: "Bantams" },
  { value: 0.25, label: "Standard breeds" },
  { value: 0.35, label: "Large breeds" },
  { value: 0.45, label: "Meat birds" },
] as const;

/** Feed calculator inputs: number of birds, price of a 50 lb bag, lbs per bird per day. */
export interface FeedCostInput {
  birds: CalculatorInput;
  feedPrice: CalculatorInput;
  consumption: CalculatorInput;
}

/** Feed calculator results: costs in dollars, feed in lbs. */
export interface FeedCostResult {
  birds: number;
  consumption: number;
  pricePerLb: number;
  dailyCost: number;
  monthlyCost: number;
  yearlyCost: number;
  dailyFeedLbs: number;
  monthlyFeedLbs: number;
  yearlyFeedLbs: number;
}

/** Feed cost: daily = birds x consumption x (bag price / 50); monthly x30; yearly x365. */
export function feedCost(input: FeedCostInput): FeedCostResult {
  const birds = toBirdCount(input.birds);
  const consumption = toNumberOrZero(input.consumption) || DEFAULT_CONSUMPTION;
  const pricePerLb = toNumberOrZero(input.feedPrice) / FEED_BAG_LBS;
  const dailyFeedLbs = birds * consumption;
  const dailyCost = dailyFeedLbs * pricePerLb;
  return {
    birds,
    consumption,
    pricePerLb,
    dailyCost,
    monthlyCost: dailyCost * 30,
    yearlyCost: dailyCost * 365,
    dailyFeedLbs,
    monthlyFeedLbs: dailyFeedLbs * 30,
    yearlyFeedLbs: dailyFeedLbs * 365,
  };
}

// ---------------------------------------------------------------------------------------------
// Egg production
// ---------------------------------------------------------------------------------------------

/** Default laying rate in percent. */
export const DEFAULT_LAYING_RATE = 70;

/** Default price of one egg in dollars. */
export const DEFAULT_EGG_PRICE = 0.3;

/** Laying-rate choices in percent. */
export const LAYING_RATES = [
  { value: 50, label: "Low (50%)" },
  { value: 70, label: "Average (70%)" },
  { value: 85, label: "Good (85%)" },
  { value: 95, label: "Excellent (95%)" },
] as const;

/** Egg calculator inputs: hens, laying rate in percent, price per egg in dollars. */
export interface EggProductionInput {
  hens: CalculatorInput;
  layingRate: CalculatorInput;
  eggPrice: CalculatorInput;
}

/** Egg calculator results: egg counts (unrounded) and their value in dollars. */
export interface EggProductionResult {
  hens: number;
  layingRate: number;
  eggPrice: number;
  daily: number;
  weekly: number;
  monthly: number;
  yearly: number;
  dailyValue: number;
  weeklyValue: number;
  monthlyValue: number;
  yearlyValue: number;
}

/**
 * Egg production: daily = hens x rate / 100; weekly x7, monthly x30, yearly x365; values at the egg
 * price. Rate falls back to 70 and price to 0.30 when 0 or invalid; a rate above 100 is capped at 100.
 */
export function eggProduction(input: EggProductionInput): EggProductionResult {
  const hens = toBirdCount(input.hens);
  const layingRate = Math.min(100, toNumberOrZero(input.layingRate) || DEFAULT_LAYING_RATE);
  const eggPrice = toNumberOrZero(input.eggPrice) || DEFAULT_EGG_PRICE;
  const daily = (hens * layingRate) / 100;
  const weekly = daily * 7;
  const monthly = daily * 30;
  const yearly = daily * 365;
  return {
    hens,
    layingRate,
    eggPrice,
    daily,
    weekly,
    monthly,
    yearly,
    dailyValue: daily * eggPrice,
    weeklyValue: weekly * eggPrice,
    monthlyValue: monthly * eggPrice,
    yearlyValue: yearly * eggPrice,
  };
}

// ---------------------------------------------------------------------------------------------
// Coop space
// ---------------------------------------------------------------------------------------------

/** Species offered by the coop calculator (wider than the tracked poultry species). */
export const COOP_SPECIES = [
  "chickens",
  "ducks",
  "geese",
  "turkeys",
  "guinea_fowl",
  "quail",
  "peacocks",
  "emus",
  "ostriches",
] as const;

/** A coop calculator species key. */
export type CoopSpecies = (typeof COOP_SPECIES)[number];

/** Space needs of one bird of a species. */
export interface CoopRequirement {
  label: string;
  /** Indoor coop floor space per bird, sq ft. */
  coopSqFt: number;
  /** Outdoor run space per bird, sq ft. */
  runSqFt: number;
  /** Birds sharing one nest box. */
  birdsPerNestBox: number;
  /** Whether the species roosts on perches. */
  perches: boolean;
}

/** Per-bird space table (spec section 9), exactly as specified. */
export const COOP_TABLE: Record<CoopSpecies, CoopRequirement> = {
  chickens: { label: "Chickens", coopSqFt: 4, runSqFt: 10, birdsPerNestBox: 4, perches: true },
  ducks: { label: "Ducks", coopSqFt: 6, runSqFt: 20, birdsPerNestBox: 6, perches: false },
  geese: { label: "Geese", coopSqFt: 15, runSqFt: 50, birdsPerNestBox: 3, perches: false },
  turkeys: { label: "Turkeys", coopSqFt: 8, runSqFt: 25, birdsPerNestBox: 5, perches: true },
  guinea_fowl: {
    label: "Guinea fowl",
    coopSqFt: 3,
    runSqFt: 15,
    birdsPerNestBox: 8,
    perches: true,
  },
  quail: { label: "Quail", coopSqFt: 1, runSqFt: 2, birdsPerNestBox: 12, perches: false },
  peacocks: { label: "Peacocks", coopSqFt: 200, runSqFt: 1000, birdsPerNestBox: 2, perches: true },
  emus: { label: "Emus", coopSqFt: 0, runSqFt: 2000, birdsPerNestBox: 1, perches: false },
  ostriches: { label: "Ostriches", coopSqFt: 0, runSqFt: 4000, birdsPerNestBox: 1, perches: false },
};

/** Default coop calculator species. */
export const DEFAULT_COOP_SPECIES: CoopSpecies = "chickens";

/** Housing styles and their space multipliers. */
export const HOUSING_TYPES = {
  compact: { label: "Compact", multiplier: 0.75 },
  basic: { label: "Basic", multiplier: 1 },
  premium: { label: "Premium", multiplier: 1.5 },
} as const;

/** A housing style key. */
export type CoopType = keyof typeof HOUSING_TYPES;

/** Default housing style. */
export const DEFAULT_COOP_TYPE: CoopType = "basic";

/** Roosting bar length per perching bird, in feet. */
export const ROOST_FEET_PER_BIRD = 0.75;

/** Text shown instead of roost length for species that do not perch. */
export const NO_PERCHES_MESSAGE = "Ground-dwelling species - no perches needed";

/** Coop calculator inputs. */
export interface CoopSpaceInput {
  birds: CalculatorInput;
  coopType?: string | null;
  species?: string | null;
}

/** Coop calculator results. */
export interface CoopSpaceResult {
  birds: number;
  species: CoopSpecies;
  coopType: CoopType;
  multiplier: number;
  coopSqFt: number;
  runSqFt: number;
  nestBoxes: number;
  perches: boolean;
  /** Roosting bar length in feet, or null for ground-dwelling species. */
  roostingFeet: number | null;
  /** "8 ft" for perching species, else NO_PERCHES_MESSAGE. */
  roostingText: string;
}

/** Coop calculator species for a tracked poultry species (e.g. "goose" -> "geese"). */
export function coopSpeciesFor(species: PoultrySpecies): CoopSpecies {
  const map: Record<PoultrySpecies, CoopSpecies> = {
    chicken: "chickens",
    duck: "ducks",
    goose: "geese",
    turkey: "turkeys",
    guinea_fowl: "guinea_fowl",
    quail: "quail",
  };
  return map[species];
}

function isCoopSpecies(value: string | null | undefined): value is CoopSpecies {
  return typeof value === "string" && (COOP_SPECIES as readonly string[]).includes(value);
}

function isCoopType(value: string | null | undefined): value is CoopType {
  return typeof value === "string" && Object.hasOwn(HOUSING_TYPES, value);
}

/** Rounds up, ignoring floating-point noise such as 30.000000000000004; never returns -0. */
function ceilClean(value: number): number {
  return Math.max(0, Math.ceil(value - 1e-9));
}

/**
 * Coop space: coop sq ft = birds x coop area x housing multiplier; run sq ft = birds x run area x the
 * same multiplier (decision: the housing style scales the run too, so "compact" and "premium" change
 * the whole set-up); both rounded up to whole sq ft so the advice never falls below the table. Nest
 * boxes = birds / ratio rounded up; roost = birds x 0.75 ft rounded up, for perching species only.
 * Unknown species fall back to chickens and unknown housing to basic.
 */
export function coopSpace(input: CoopSpaceInput): CoopSpaceResult {
  const birds = toBirdCount(input.birds);
  const species = isCoopSpecies(input.species) ? input.species : DEFAULT_COOP_SPECIES;
  const coopType = isCoopType(input.coopType) ? input.coopType : DEFAULT_COOP_TYPE;
  const row = COOP_TABLE[species];
  const multiplier = HOUSING_TYPES[coopType].multiplier;
  const roostingFeet = row.perches ? ceilClean(birds * ROOST_FEET_PER_BIRD) : null;
  return {
    birds,
    species,
    coopType,
    multiplier,
    coopSqFt: ceilClean(birds * row.coopSqFt * multiplier),
    runSqFt: ceilClean(birds * row.runSqFt * multiplier),
    nestBoxes: ceilClean(birds / row.birdsPerNestBox),
    perches: row.perches,
    roostingFeet,
    roostingText: roostingFeet === null ? NO_PERCHES_MESSAGE : `${roostingFeet} ft`,
  };
}
