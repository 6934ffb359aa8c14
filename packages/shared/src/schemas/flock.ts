import { z } from "zod";
import { isoDate, notFutureDate } from "./common";
import { poultrySpecies } from "./species";
import { recordAuthorship } from "./farm";
import { recordWarning } from "./treatment";
import { conditionIdField, lossCause, takesLossCause } from "./loss";

/*
 * Flocks (issue 19): a group of one species kept together, whose headcount on any date is the sum of
 * its life events up to that date. Individual birds may belong to a flock (`flockId` on a bird), but a
 * flock needs no individual profiles: 30 layers are one flock with a headcount of 30.
 */

/** Why the flock is kept. */
export const flockPurpose = z.enum(["layers", "meat", "breeding", "pets", "mixed"], {
  error: "Purpose must be layers, meat, breeding, pets or mixed",
});
export type FlockPurpose = z.infer<typeof flockPurpose>;

export const FLOCK_PURPOSE_LABELS: Record<FlockPurpose, string> = {
  layers: "Layers",
  meat: "Meat",
  breeding: "Breeding",
  pets: "Pets",
  mixed: "Mixed",
};

/** Events that add birds to a flock. */
export const GAIN_EVENTS = ["acquired", "hatched", "moved_in"] as const;
/** Events that take birds out of a flock. */
export const LOSS_EVENTS = [
  "moved_out",
  "died",
  "culled",
  "slaughtered",
  "sold",
  "given_away",
  "predator",
  "missing",
] as const;

export const flockEventType = z.enum([...GAIN_EVENTS, ...LOSS_EVENTS], {
  error:
    "Type must be acquired, hatched, moved_in, moved_out, died, culled, slaughtered, sold, given_away, predator or missing",
});
export type FlockEventType = z.infer<typeof flockEventType>;

export const isGainEvent = (type: FlockEventType) =>
  (GAIN_EVENTS as readonly string[]).includes(type);

export const FLOCK_EVENT_LABELS: Record<FlockEventType, string> = {
  acquired: "Acquired",
  hatched: "Hatched",
  moved_in: "Moved in",
  moved_out: "Moved out",
  died: "Died",
  culled: "Culled",
  slaughtered: "Slaughtered",
  sold: "Sold",
  given_away: "Given away",
  predator: "Lost to a predator",
  missing: "Missing",
};

/** Largest headcount change one event may record (a commercial delivery stays well under this). */
export const MAX_EVENT_COUNT = 100_000;

const blankToUndefined = (v: unknown) =>
  v === "" || (typeof v === "string" && v.trim() === "") ? undefined : v;
const blankToNull = (v: unknown) =>
  v === "" || (typeof v === "string" && v.trim() === "") ? null : v;
const numeric = (v: unknown) => {
  const b = blankToUndefined(v);
  return typeof b === "string" && Number.isFinite(Number(b)) ? Number(b) : b;
};
const dateOnly = (v: unknown) =>
  typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v;

const recordDate = z.preprocess(
  dateOnly,
  notFutureDate().refine((d) => d >= "1900-01-01", {
    message: "Date cannot be before 1900-01-01",
  }),
);

const text = (max: number, label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, { message: `${label} must be at most ${max} characters` })
      .nullish(),
  );

const birdCount = (label: string, min: number) =>
  z.preprocess(
    numeric,
    z
      .number({ error: `${label} must be a whole number` })
      .int({ message: `${label} must be a whole number` })
      .min(min, { message: `${label} must be at least ${min}` })
      .max(MAX_EVENT_COUNT, { message: `${label} must be at most ${MAX_EVENT_COUNT}` }),
  );

const optionalCount = (label: string) =>
  z.preprocess((v) => (v === null ? undefined : numeric(v)), birdCount(label, 0).optional());

const flockFields = {
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, { message: "Name is required" })
    .max(100, { message: "Name must be at most 100 characters" }),
  species: z.enum(poultrySpecies.options, {
    error: "Species must be one of chicken, duck, goose, turkey, guinea_fowl, quail",
  }),
  purpose: flockPurpose,
  location: text(100, "Location"),
  startDate: recordDate,
  notes: text(2000, "Notes"),
};

/**
 * `POST /api/flocks`. `headcount` (with `females`/`males` where known) records the birds the flock
 * starts with as one `acquired` event on the start date, in the same transaction.
 */
export const createFlockBody = z
  .object({
    ...flockFields,
    species: z.preprocess(blankToUndefined, flockFields.species.default("chicken")),
    purpose: z.preprocess(blankToUndefined, flockPurpose.default("layers")),
    headcount: optionalCount("Headcount"),
    females: optionalCount("Females"),
    males: optionalCount("Males"),
    /** Age of the starting birds in weeks, when known (for the lay rate; unknown = laying age). */
    ageWeeks: optionalCount("Age in weeks"),
  })
  .superRefine((b, ctx) => sexSplitFits(b.headcount ?? 0, b.females, b.males, ctx, "headcount"));
export type CreateFlockBody = z.input<typeof createFlockBody>;

/** `PATCH /api/flocks/{id}`: any of the fields, and `archived`. */
export const updateFlockBody = z.object({
  name: flockFields.name.optional(),
  species: flockFields.species.optional(),
  purpose: flockPurpose.optional(),
  location: flockFields.location,
  startDate: recordDate.optional(),
  notes: flockFields.notes,
  archived: z.boolean({ error: "Archived must be true or false" }).optional(),
});
export type UpdateFlockBody = z.input<typeof updateFlockBody>;

function sexSplitFits(
  count: number,
  females: number | undefined,
  males: number | undefined,
  ctx: z.RefinementCtx,
  countField: string,
) {
  if ((females ?? 0) + (males ?? 0) > count) {
    ctx.addIssue({
      code: "custom",
      path: [females !== undefined ? "females" : "males"],
      message: `Females and males together cannot be more than the ${countField} (${count})`,
    });
  }
}

/** A flock as the API returns it, with its headcount on the requested day. */
export const flock = z.object({
  id: z.uuid(),
  ...recordAuthorship,
  name: z.string(),
  species: poultrySpecies,
  purpose: flockPurpose,
  location: z.string().nullable(),
  startDate: isoDate,
  notes: z.string().nullable(),
  archived: z.boolean(),
  /** Birds in the flock on `asOf` (the keeper's today). */
  headcount: z.number().int(),
  /** Females and males where the events say; null when no event recorded the split. */
  females: z.number().int().nullable(),
  males: z.number().int().nullable(),
  /** Birds of the flock that have their own profile. */
  profiles: z.number().int(),
  asOf: isoDate,
  /**
   * The eggs guard (issue 20): the last day of egg withdrawal of a treatment of the flock or of one
   * of its birds covering `asOf`, or null. Meat likewise.
   */
  eggsWithheldUntil: isoDate.nullable(),
  meatWithheldUntil: isoDate.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Flock = z.infer<typeof flock>;
export const flockList = z.array(flock);

/** `?today=` (the keeper's local date) and `?archived=true` to include archived flocks. */
export const flockListQuery = z.object({
  today: z.preprocess(blankToUndefined, isoDate.optional()),
  archived: z.preprocess(
    (v) => (v === "true" ? true : v === "false" || v === "" ? false : v),
    z.boolean({ error: "Archived must be true or false" }).default(false),
  ),
});
export const flockQuery = z.object({ today: z.preprocess(blankToUndefined, isoDate.optional()) });

const eventFields = {
  type: flockEventType,
  date: recordDate,
  count: birdCount("Count", 1),
  females: optionalCount("Females"),
  males: optionalCount("Males"),
  chickenId: z.preprocess(blankToUndefined, z.uuid({ message: "Invalid bird id" }).optional()),
  /** For a move out: the flock the birds go to (it gets the matching moved_in). */
  toFlockId: z.preprocess(blankToUndefined, z.uuid({ message: "Invalid flock id" }).optional()),
  price: z.preprocess(
    numeric,
    z
      .number({ error: "Price must be a number" })
      .min(0, { message: "Price cannot be negative" })
      .max(10_000_000, { message: "Price must be at most 10,000,000" })
      .optional(),
  ),
  buyer: text(200, "Buyer"),
  cause: text(500, "Cause"),
  /** Died or culled: why, from the short list (the free-text `cause` and `notes` stay). */
  lossCause: z.preprocess(blankToUndefined, lossCause.optional()),
  /** Died or culled: the condition of the conditions base it was (checked by the server). */
  conditionId: z.preprocess(blankToUndefined, conditionIdField.optional()),
  notes: text(2000, "Notes"),
  /** Age of acquired birds in weeks when known (for the lay rate; unknown = laying age). */
  ageWeeks: optionalCount("Age in weeks"),
};

/** `POST /api/flocks/{id}/events`. */
export const createFlockEventBody = z.object(eventFields).superRefine((b, ctx) => {
  sexSplitFits(b.count, b.females, b.males, ctx, "count");
  if (b.type === "moved_in") {
    ctx.addIssue({
      code: "custom",
      path: ["type"],
      message: "Record a move as moved_out from the flock the birds leave, with toFlockId",
    });
  }
  if (b.toFlockId && b.type !== "moved_out") {
    ctx.addIssue({
      code: "custom",
      path: ["toFlockId"],
      message: "toFlockId is only for a moved_out event",
    });
  }
  for (const field of ["lossCause", "conditionId"] as const) {
    if (b[field] !== undefined && !takesLossCause(b.type)) {
      ctx.addIssue({
        code: "custom",
        path: [field],
        message: `${field} is only for a died or culled event`,
      });
    }
  }
  if (b.chickenId && b.count !== 1) {
    ctx.addIssue({
      code: "custom",
      path: ["count"],
      message: "An event for one bird (chickenId) has a count of 1",
    });
  }
});
export type CreateFlockEventBody = z.input<typeof createFlockEventBody>;

/** `PATCH /api/flocks/{id}/events/{eventId}`: date, counts and the free-text details. */
export const updateFlockEventBody = z.object({
  date: recordDate.optional(),
  count: birdCount("Count", 1).optional(),
  females: z.preprocess(numeric, birdCount("Females", 0).nullish()),
  males: z.preprocess(numeric, birdCount("Males", 0).nullish()),
  price: z.preprocess(
    (v) => (v === null ? null : numeric(v)),
    z
      .number({ error: "Price must be a number" })
      .min(0, { message: "Price cannot be negative" })
      .max(10_000_000, { message: "Price must be at most 10,000,000" })
      .nullish(),
  ),
  buyer: eventFields.buyer,
  cause: eventFields.cause,
  /** Died or culled events only (null clears it). */
  lossCause: z.preprocess(blankToNull, lossCause.nullish()),
  conditionId: z.preprocess(blankToNull, conditionIdField.nullish()),
  notes: eventFields.notes,
  ageWeeks: z.preprocess(numeric, birdCount("Age in weeks", 0).nullish()),
});
export type UpdateFlockEventBody = z.input<typeof updateFlockEventBody>;

export const flockEventParams = z.object({
  id: z.uuid({ message: "Invalid flock id" }),
  eventId: z.uuid({ message: "Invalid event id" }),
});

/** A life event as the API returns it. */
export const flockEvent = z.object({
  id: z.uuid(),
  ...recordAuthorship,
  flockId: z.uuid(),
  type: flockEventType,
  date: isoDate,
  count: z.number().int(),
  females: z.number().int().nullable(),
  males: z.number().int().nullable(),
  chickenId: z.uuid().nullable(),
  /** The other half of a move (the moved_in in the receiving flock, or the moved_out it came from). */
  pairedFlockId: z.uuid().nullable(),
  price: z.number().nullable(),
  buyer: z.string().nullable(),
  cause: z.string().nullable(),
  /** Died or culled: the cause from the short list, and the linked condition's id. */
  lossCause: lossCause.nullable(),
  conditionId: z.string().nullable(),
  notes: z.string().nullable(),
  ageWeeks: z.number().int().nullable(),
  /**
   * On the answer to a slaughter or sale within a treatment's meat withdrawal (issue 20): the
   * warning ("Meat withdrawal ends 10 Dec"). The event is recorded all the same.
   */
  warnings: z.array(recordWarning).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FlockEvent = z.infer<typeof flockEvent>;
export const flockEventList = z.array(flockEvent);

/* The basket: eggs collected from a flock on one day. */

const eggCount = (label: string) =>
  z.preprocess(
    numeric,
    z
      .number({ error: `${label} must be a whole number` })
      .int({ message: `${label} must be a whole number` })
      .min(0, { message: `${label} cannot be negative` })
      .max(1_000_000, { message: `${label} must be at most 1,000,000` }),
  );

/** `POST /api/egg-collections`: one flock's basket for one day (one per flock and day). */
export const createEggCollectionBody = z
  .object({
    flockId: z.uuid({ message: "Please choose a flock" }),
    date: recordDate,
    eggs: eggCount("Eggs"),
    cracked: eggCount("Cracked").optional(),
    dirty: eggCount("Dirty").optional(),
    notes: text(2000, "Notes"),
  })
  .superRefine((b, ctx) => basketFits(b.eggs, b.cracked, b.dirty, ctx));
export type CreateEggCollectionBody = z.input<typeof createEggCollectionBody>;

/** `PATCH /api/egg-collections/{id}`. */
export const updateEggCollectionBody = z.object({
  date: recordDate.optional(),
  eggs: eggCount("Eggs").optional(),
  cracked: z.preprocess((v) => (v === null ? null : v), eggCount("Cracked").nullish()),
  dirty: z.preprocess((v) => (v === null ? null : v), eggCount("Dirty").nullish()),
  notes: text(2000, "Notes"),
});
export type UpdateEggCollectionBody = z.input<typeof updateEggCollectionBody>;

export function basketFits(
  eggs: number,
  cracked: number | null | undefined,
  dirty: number | null | undefined,
  ctx: z.RefinementCtx,
) {
  if ((cracked ?? 0) > eggs) {
    ctx.addIssue({
      code: "custom",
      path: ["cracked"],
      message: "Cracked cannot be more than eggs",
    });
  }
  if ((dirty ?? 0) > eggs) {
    ctx.addIssue({ code: "custom", path: ["dirty"], message: "Dirty cannot be more than eggs" });
  }
}

export const eggCollection = z.object({
  id: z.uuid(),
  ...recordAuthorship,
  flockId: z.uuid(),
  date: isoDate,
  eggs: z.number().int(),
  cracked: z.number().int().nullable(),
  dirty: z.number().int().nullable(),
  notes: z.string().nullable(),
  /** Laid within a treatment's egg withdrawal (issue 20): counted as laid, not for eating or sale. */
  withheld: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EggCollection = z.infer<typeof eggCollection>;
export const eggCollectionList = z.array(eggCollection);

/** `GET /api/egg-collections?from=&to=&flockId=`: default the last 30 days to today. */
export const eggCollectionQuery = z.object({
  from: z.preprocess(blankToUndefined, isoDate.optional()),
  to: z.preprocess(blankToUndefined, isoDate.optional()),
  flockId: z.preprocess(blankToUndefined, z.uuid({ message: "Invalid flock id" }).optional()),
});

/* Production of a flock or the farm over a period (lay rate over hen-days). */

export const flockProductionQuery = z.object({
  today: z.preprocess(blankToUndefined, isoDate.optional()),
  days: z.preprocess(
    numeric,
    z
      .number({ error: "Days must be a whole number from 1 to 366" })
      .int({ message: "Days must be a whole number from 1 to 366" })
      .min(1, { message: "Days must be a whole number from 1 to 366" })
      .max(366, { message: "Days must be a whole number from 1 to 366" })
      .default(90),
  ),
});

export const productionDay = z.object({
  date: isoDate,
  /** Eggs that day (the basket, or the flock's birds' own records when no basket was logged). */
  eggs: z.number().int().nullable(),
  headcount: z.number().int(),
  /** Females of laying age present that day. */
  layingHens: z.number().int(),
  /** Eggs / laying hens, percent with one decimal; null on a day without records. */
  layRate: z.number().nullable(),
});

export const flockProduction = z.object({
  /** Null for the whole farm. */
  flockId: z.uuid().nullable(),
  from: isoDate,
  to: isoDate,
  /** Days of the period that have egg records (the rate is over these days only). */
  daysWithRecords: z.number().int(),
  eggs: z.number().int(),
  henDays: z.number().int(),
  /** Of `eggs`, those laid within a treatment's egg withdrawal (issue 20): not saleable. */
  withheldEggs: z.number().int(),
  /** Eggs / hen-days over the recorded days, percent with one decimal; null without hen-days. */
  layRate: z.number().nullable(),
  days: z.array(productionDay),
});
export type FlockProduction = z.infer<typeof flockProduction>;
