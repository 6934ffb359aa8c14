import { z } from "zod";
import { isoDate, notFutureDate } from "./common";
import { poultrySpecies } from "./species";
import { recordAuthorship } from "./farm";

/* Hatch (incubation) records (spec: Hatch record entity, incubation form rules). */

/** How the eggs are incubated. */
export const incubationMethod = z.enum(["incubator", "broody_hen", "natural"], {
  error: "Method must be incubator, broody_hen or natural",
});
export type IncubationMethod = z.infer<typeof incubationMethod>;

export const INCUBATION_METHOD_LABELS: Record<IncubationMethod, string> = {
  incubator: "Incubator",
  broody_hen: "Broody hen",
  natural: "Natural",
};

/** Most eggs one hatch record may hold. */
export const MAX_EGGS_SET = 1000;

const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
const numeric = (v: unknown) => {
  const b = blankToNull(v);
  return typeof b === "string" && Number.isFinite(Number(b)) ? Number(b) : b;
};
const dateOnly = (v: unknown) =>
  typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v;

/**
 * `POST /api/hatch-records`. The server computes expectedHatchDate from the start date and species
 * (a client-sent value and userId are ignored). turnedDaily accepts true/false or 1/0.
 */
export const createHatchRecordBody = z.object({
  eggSource: z
    .string({ error: "Egg source is required" })
    .trim()
    .min(1, { message: "Egg source is required" })
    .max(200, { message: "Egg source must be at most 200 characters" }),
  species: z
    .string({ error: "Species is required" })
    .trim()
    .min(1, { message: "Species is required" })
    .pipe(
      z.enum(poultrySpecies.options, {
        error: "Species must be one of chicken, duck, goose, turkey, guinea_fowl, quail",
      }),
    ),
  breed: z.preprocess(
    blankToNull,
    z.string().trim().max(100, { message: "Breed must be at most 100 characters" }).nullish(),
  ),
  incubationStartDate: z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? undefined : dateOnly(v)),
    z
      .string({ error: "Incubation start date is required" })
      .pipe(notFutureDate())
      .refine((d) => d >= "1900-01-01", { message: "Date cannot be before 1900-01-01" }),
  ),
  incubationMethod: z.preprocess(
    (v) => (v === "" || v == null ? "incubator" : v),
    incubationMethod,
  ),
  temperature: z.preprocess(
    numeric,
    z
      .number({ error: "Temperature must be a number" })
      .min(80, { message: "Temperature must be between 80 and 110 °F" })
      .max(110, { message: "Temperature must be between 80 and 110 °F" })
      .nullish(),
  ),
  humidity: z.preprocess(
    numeric,
    z
      .number({ error: "Humidity must be a number" })
      .int({ message: "Humidity must be a whole number" })
      .min(0, { message: "Humidity must be between 0 and 100%" })
      .max(100, { message: "Humidity must be between 0 and 100%" })
      .nullish(),
  ),
  turnedDaily: z.preprocess(
    (v) => (v === 1 || v === "1" ? true : v === 0 || v === "0" ? false : v == null ? true : v),
    z.boolean({ error: "turnedDaily must be true or false" }),
  ),
  eggsSet: z.preprocess(
    numeric,
    z
      .number({ error: "Eggs set must be a number" })
      .int({ message: "Eggs set must be a whole number" })
      .min(1, { message: "Eggs set must be at least 1" })
      .max(MAX_EGGS_SET, { message: `Eggs set must be at most ${MAX_EGGS_SET}` })
      .nullish(),
  ),
  notes: z.preprocess(
    blankToNull,
    z.string().trim().max(2000, { message: "Notes must be at most 2000 characters" }).nullish(),
  ),
  /** An incubation profile id (`GET /api/incubation-profiles`) of the same species; optional. */
  profileId: z.preprocess(
    blankToNull,
    z.string().trim().max(60, { message: "Unknown incubation profile" }).nullish(),
  ),
  /** The incubator the batch is in, as the keeper names it ("Brinsea left"). */
  incubatorName: z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(80, { message: "Incubator name must be at most 80 characters" })
      .nullish(),
  ),
  /**
   * The breeders (Flocks): a sire and/or dam of the farm, or a breeding flock, of the same species
   * as the eggs. They group the hatch history per breeder pair.
   */
  sireId: z.preprocess(blankToNull, z.uuid({ message: "Invalid sire id" }).nullish()),
  damId: z.preprocess(blankToNull, z.uuid({ message: "Invalid dam id" }).nullish()),
  breedingFlockId: z.preprocess(
    blankToNull,
    z.uuid({ message: "Invalid breeding flock id" }).nullish(),
  ),
});
export type CreateHatchRecordBody = z.input<typeof createHatchRecordBody>;

/**
 * `PATCH /api/hatch-records/{id}`: the create fields, each optional (same messages). A field left
 * out stays as it is; null clears an optional one. The expected hatch date follows the start date,
 * species and profile.
 */
export const updateHatchRecordBody = createHatchRecordBody.partial();
export type UpdateHatchRecordBody = z.input<typeof updateHatchRecordBody>;

/**
 * `PATCH /api/hatch-records/{id}/mark-success`: success true (hatched, actualHatchDate defaults to now)
 * or false (failed). eggsHatched is how many of the eggs set hatched.
 */
export const markHatchBody = z.object({
  success: z.preprocess(
    (v) =>
      v === 1 || v === "1" || v === "true"
        ? true
        : v === 0 || v === "0" || v === "false"
          ? false
          : v,
    z.boolean({ error: "success must be true or false" }),
  ),
  actualHatchDate: z.preprocess(
    blankToNull,
    z
      .union([z.iso.datetime({ offset: true }), isoDate], {
        error: "actualHatchDate must be a date",
      })
      .nullish(),
  ),
  eggsHatched: z.preprocess(
    numeric,
    z
      .number({ error: "Eggs hatched must be a number" })
      .int({ message: "Eggs hatched must be a whole number" })
      .min(0, { message: "Eggs hatched cannot be negative" })
      .max(MAX_EGGS_SET, { message: `Eggs hatched must be at most ${MAX_EGGS_SET}` })
      .nullish(),
  ),
});
export type MarkHatchBody = z.input<typeof markHatchBody>;

/** `?today=`: the keeper's local date ('YYYY-MM-DD'); days left and today's task are for that day. */
export const hatchTodayQuery = z.object({
  today: z.preprocess((v) => (v === "" ? undefined : v), isoDate.optional()),
});

/** `GET /api/hatch-records?status=`: all (default), active (incubating) or archived (done). */
export const hatchListQuery = hatchTodayQuery.extend({
  status: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .enum(["all", "active", "archived"], { error: "status must be all, active or archived" })
      .optional(),
  ),
});

const count = (label: string) =>
  z.preprocess(
    numeric,
    z
      .number({ error: `${label} must be a number` })
      .int({ message: `${label} must be a whole number` })
      .min(0, { message: `${label} cannot be negative` })
      .max(MAX_EGGS_SET, { message: `${label} must be at most ${MAX_EGGS_SET}` }),
  );

/**
 * `POST /api/hatch-records/{id}/candlings`: what one candling found across all the eggs set:
 * fertile (developing, or had been), clear (infertile) and quitters (stopped developing) so far.
 * `day` is the incubation day (set day = 0); it is worked out from the date when left out.
 */
export const candlingBody = z.object({
  date: z.preprocess(
    (v) => (v === "" || v == null ? undefined : dateOnly(v)),
    z.string({ error: "Candling date is required" }).pipe(isoDate),
  ),
  day: z.preprocess(
    numeric,
    z
      .number({ error: "Day must be a number" })
      .int({ message: "Day must be a whole number" })
      .min(0, { message: "Day cannot be negative" })
      .max(60, { message: "Day must be at most 60" })
      .nullish(),
  ),
  fertile: count("Fertile"),
  clear: count("Clear"),
  quitters: z.preprocess((v) => (v == null || v === "" ? 0 : v), count("Quitters")),
  bloodRings: z.preprocess(numeric, count("Blood rings").nullish()),
  notes: z.preprocess(
    blankToNull,
    z.string().trim().max(2000, { message: "Notes must be at most 2000 characters" }).nullish(),
  ),
});
export type CandlingBody = z.input<typeof candlingBody>;

/** `PATCH /api/hatch-records/{id}/candlings/{candlingId}`: the same fields, all optional. */
export const candlingUpdateBody = candlingBody.partial();
export type CandlingUpdateBody = z.input<typeof candlingUpdateBody>;

/** Route parameters `{ id, candlingId }`. */
export const candlingParams = z.object({
  id: z.uuid({ message: "Invalid id" }),
  candlingId: z.uuid({ message: "Invalid id" }),
});

/**
 * `POST /api/hatch-records/{id}/result`: how the hatch went. Hatched chicks include assisted and
 * deformed ones; pipped-but-not-hatched and died-in-shell are eggs that did not hatch.
 */
export const hatchResultBody = z.object({
  date: z.preprocess(
    (v) => (v === "" || v == null ? undefined : dateOnly(v)),
    z.string({ error: "Hatch date is required" }).pipe(isoDate),
  ),
  hatched: count("Hatched"),
  pippedNotHatched: z.preprocess(numeric, count("Pipped but not hatched").nullish()),
  assisted: z.preprocess(numeric, count("Assisted").nullish()),
  diedInShell: z.preprocess(numeric, count("Died in shell").nullish()),
  deformed: z.preprocess(numeric, count("Deformed").nullish()),
});
export type HatchResultBody = z.input<typeof hatchResultBody>;

/** One candling as the API returns it. */
export const hatchCandling = z.object({
  id: z.uuid(),
  hatchRecordId: z.uuid(),
  date: isoDate,
  day: z.number().int(),
  fertile: z.number().int(),
  clear: z.number().int(),
  quitters: z.number().int(),
  bloodRings: z.number().int().nullable(),
  notes: z.string().nullable(),
  /** Eggs set − clear − quitters, when the eggs set are known. */
  eggsDeveloping: z.number().int().nullable(),
  createdAt: z.string(),
});
export type HatchCandling = z.infer<typeof hatchCandling>;

export const hatchPhase = z.enum([
  "not-started",
  "turning",
  "lockdown",
  "hatch-day",
  "hatch-window",
  "overdue",
]);

/** A hatch record as the API returns it; success is null while incubating. */
export const hatchRecord = z.object({
  id: z.uuid(),
  ...recordAuthorship,
  eggSource: z.string(),
  species: poultrySpecies,
  breed: z.string().nullable(),
  incubationStartDate: isoDate,
  expectedHatchDate: isoDate,
  incubationMethod,
  temperature: z.number().nullable(),
  humidity: z.number().int().nullable(),
  turnedDaily: z.boolean(),
  eggsSet: z.number().int().nullable(),
  eggsHatched: z.number().int().nullable(),
  notes: z.string().nullable(),
  success: z.boolean().nullable(),
  actualHatchDate: z.string().nullable(),
  createdAt: z.string(),
  profileId: z.string().nullable(),
  incubatorName: z.string().nullable(),
  /** The breeders the eggs came from (a bird or flock deleted since reads null). */
  sireId: z.uuid().nullable(),
  damId: z.uuid().nullable(),
  breedingFlockId: z.uuid().nullable(),
  /** The date the answer counts from (the keeper's `?today=`, else the server's UTC date). */
  today: isoDate,
  /** Expected hatch date − today: 0 on the hatch day, negative when overdue. */
  daysLeft: z.number().int(),
  /** Incubation day of `today` (set day = 0). */
  day: z.number().int(),
  plan: z.object({
    incubationDays: z.number().int(),
    latestHatchDay: z.number().int(),
    lockdownDay: z.number().int(),
    lockdownDate: isoDate,
    candlingDays: z.array(z.number().int()),
  }),
  /** Today's task while incubating; null once the result is in. */
  task: z
    .object({
      phase: hatchPhase,
      turn: z.boolean(),
      candle: z.boolean(),
      lockdownStarts: z.boolean(),
      nextCandlingDay: z.number().int().nullable(),
    })
    .nullable(),
  candlings: z.array(hatchCandling),
  /** From the latest candling (by day); null before the first. */
  fertile: z.number().int().nullable(),
  clear: z.number().int().nullable(),
  quitters: z.number().int().nullable(),
  eggsDeveloping: z.number().int().nullable(),
  /** Chicks hatched (same as eggsHatched). */
  hatched: z.number().int().nullable(),
  resultDate: isoDate.nullable(),
  pippedNotHatched: z.number().int().nullable(),
  assisted: z.number().int().nullable(),
  diedInShell: z.number().int().nullable(),
  deformed: z.number().int().nullable(),
  /** fertile / eggs set, %. */
  fertilityPct: z.number().nullable(),
  /** hatched / fertile, %. */
  hatchabilityPct: z.number().nullable(),
  /** hatched / eggs set, %. */
  hatchOfSetPct: z.number().nullable(),
});
export type HatchRecord = z.infer<typeof hatchRecord>;
export const hatchRecordList = z.array(hatchRecord);

/** `GET /api/hatch-records/history`: finished hatches per species and breed. */
export const hatchHistoryEntry = z.object({
  species: poultrySpecies,
  /** The breed as first written; null for hatches without one. */
  breed: z.string().nullable(),
  hatches: z.number().int(),
  eggsSet: z.number().int(),
  /** Sums over hatches that had a candling (fertility needs one). */
  fertile: z.number().int(),
  eggsSetCandled: z.number().int(),
  hatched: z.number().int(),
  hatchedOfCandled: z.number().int(),
  fertilityPct: z.number().nullable(),
  hatchabilityPct: z.number().nullable(),
  hatchOfSetPct: z.number().nullable(),
});
export type HatchHistoryEntry = z.infer<typeof hatchHistoryEntry>;
export const hatchHistory = z.array(hatchHistoryEntry);

/** One breeder of a pair: a bird (sire or dam) or a breeding flock, with its name today. */
const breeder = z.object({ id: z.uuid(), name: z.string() }).nullable();

/**
 * `GET /api/hatch-records/history/breeders`: finished hatches per breeder pair (the same sire,
 * dam and breeding flock), with the same sums and rates as the per-breed history. Hatches with no
 * breeder named are left out.
 */
export const hatchBreederHistoryEntry = hatchHistoryEntry.omit({ breed: true }).extend({
  sire: breeder,
  dam: breeder,
  breedingFlock: breeder,
  /** Per finished hatch of the pair, oldest first: the points of its chart. */
  hatchList: z.array(
    z.object({
      id: z.uuid(),
      resultDate: isoDate.nullable(),
      incubationStartDate: isoDate,
      eggsSet: z.number().int().nullable(),
      fertile: z.number().int().nullable(),
      hatched: z.number().int().nullable(),
      fertilityPct: z.number().nullable(),
      hatchabilityPct: z.number().nullable(),
      hatchOfSetPct: z.number().nullable(),
    }),
  ),
});
export type HatchBreederHistoryEntry = z.infer<typeof hatchBreederHistoryEntry>;
export const hatchBreederHistory = z.array(hatchBreederHistoryEntry);
