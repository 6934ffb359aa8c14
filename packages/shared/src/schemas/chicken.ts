import { z } from "zod";
import { recordWarning } from "./treatment";
import { conditionIdField, lossCause, takesLossCause } from "./loss";
import { isoDate, notFutureDate } from "./common";
import { poultrySpecies } from "./species";
import { recordAuthorship } from "./farm";

/*
 * Birds in a keeper's flock (spec: Chicken entity). The entity is called "chicken" in the API for
 * compatibility with the prototype's /api/chickens, but `species` makes it any of the six species.
 */

/** Sex of a bird: hen or rooster from the flock form; female or male from the breed-ID add form. */
export const chickenSex = z.enum(["hen", "rooster", "female", "male"], {
  error: "Sex must be hen, rooster, female or male",
});
export type ChickenSex = z.infer<typeof chickenSex>;

/** True for a laying (female) bird. */
export const isFemaleSex = (sex: ChickenSex | null | undefined) =>
  sex === "hen" || sex === "female";

/** Health status used by the dashboard view. */
export const healthStatus = z.enum(["healthy", "sick", "recovering", "monitoring"], {
  error: "Health status must be healthy, sick, recovering or monitoring",
});
export type HealthStatus = z.infer<typeof healthStatus>;

/** Path of an image this server stores and serves (see the images module). */
export const IMAGE_URL_RE = /^\/api\/images\/[a-f0-9]{64}\.jpg$/;
/** A data URL of a photo, as the prototype sent it; the server stores it and keeps only the URL. */
export const IMAGE_DATA_URL_RE = /^data:image\/(jpeg|jpg|png|webp);base64,[A-Za-z0-9+/=\s]+$/;

/** Heaviest bird weight accepted, in lbs (a large turkey or goose stays well under this). */
export const MAX_BIRD_WEIGHT_LBS = 100;

/** Blank text and null both mean "no value" (null, which on update clears the field). */
const emptyToNull = (v: unknown) =>
  v === "" || (typeof v === "string" && v.trim() === "") ? null : v;

/** Optional free text, trimmed; blank becomes null. */
const nullableText = (max: number, label: string) =>
  z.preprocess(
    emptyToNull,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, { message: `${label} must be at most ${max} characters` })
      .nullish(),
  );

/** Weight in lbs: a number or numeric text; blank means none. */
const weight = z.preprocess(
  (v) => {
    const e = emptyToNull(v);
    if (typeof e === "string" && e.trim() !== "" && Number.isFinite(Number(e))) return Number(e);
    return e;
  },
  z
    .number({ error: "Weight must be a number" })
    .positive({ message: "Weight must be more than 0" })
    .max(MAX_BIRD_WEIGHT_LBS, { message: `Weight must be at most ${MAX_BIRD_WEIGHT_LBS} lbs` })
    .nullish(),
);

const hatchDate = z.preprocess(
  (v) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : emptyToNull(v)),
  notFutureDate()
    .refine((d) => d >= "1900-01-01", { message: "Hatch date cannot be before 1900-01-01" })
    .nullish(),
);

const imageUrl = z.preprocess(
  emptyToNull,
  z
    .string()
    .max(15 * 1024 * 1024)
    .refine((v) => IMAGE_URL_RE.test(v) || IMAGE_DATA_URL_RE.test(v.slice(0, 200)), {
      message: "Photo must be an image uploaded to /api/images",
    })
    .nullish(),
);

const fields = {
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, { message: "Name is required" })
    .max(100, { message: "Name must be at most 100 characters" }),
  breed: z
    .string({ error: "Breed is required" })
    .trim()
    .min(1, { message: "Breed is required" })
    .max(100, { message: "Breed must be at most 100 characters" }),
  color: nullableText(100, "Colour"),
  weight,
  hatchDate,
  sex: z.preprocess(emptyToNull, chickenSex.nullish()),
  notes: nullableText(2000, "Notes"),
  imageUrl,
  species: z.preprocess(
    emptyToNull,
    z
      .enum(poultrySpecies.options, {
        error: "Species must be one of chicken, duck, goose, turkey, guinea_fowl, quail",
      })
      .nullish(),
  ),
  healthStatus: z.preprocess(emptyToNull, healthStatus.nullish()),
  /** The flock the bird belongs to (same species); null takes it out of its flock. */
  flockId: z.preprocess(emptyToNull, z.uuid({ message: "Invalid flock id" }).nullish()),
  /** Band or leg-ring id, unique within the farm. */
  bandId: z.preprocess(
    emptyToNull,
    z
      .string({ error: "Band id must be text" })
      .trim()
      .max(30, { message: "Band id must be at most 30 characters" })
      .nullish(),
  ),
  sireId: z.preprocess(emptyToNull, z.uuid({ message: "Invalid sire id" }).nullish()),
  damId: z.preprocess(emptyToNull, z.uuid({ message: "Invalid dam id" }).nullish()),
};

/** How a bird left the flock; the same words as the flock's loss events. */
export const birdOutcome = z.enum(
  ["died", "culled", "slaughtered", "sold", "given_away", "predator", "missing", "moved_out"],
  { error: "Outcome must be died, culled, slaughtered, sold, given_away, predator or missing" },
);
export type BirdOutcome = z.infer<typeof birdOutcome>;

/**
 * `POST /api/chickens/{id}/outcome`, for a bird in no flock (a bird in a flock leaves through a
 * flock event naming it, so the headcount follows). `outcome: null` undoes it.
 */
export const chickenOutcomeBody = z
  .object({
    outcome: birdOutcome.nullable(),
    date: z.preprocess(
      (v) =>
        typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : emptyToNull(v),
      notFutureDate().nullish(),
    ),
    notes: nullableText(500, "Notes"),
    /** Died or culled: why, from the short list, and the condition of the conditions base. */
    lossCause: z.preprocess(emptyToNull, lossCause.nullish()),
    conditionId: z.preprocess(emptyToNull, conditionIdField.nullish()),
  })
  .superRefine((b, ctx) => {
    for (const field of ["lossCause", "conditionId"] as const) {
      if (b[field] != null && !(b.outcome && takesLossCause(b.outcome))) {
        ctx.addIssue({
          code: "custom",
          path: [field],
          message: `${field} is only for a died or culled outcome`,
        });
      }
    }
  });

/**
 * `POST /api/chickens`. Unknown keys (e.g. a prototype's userId) are ignored. Sex defaults to hen,
 * species to chicken and health status to healthy.
 */
export const createChickenBody = z.object(fields);
export type CreateChickenBody = z.input<typeof createChickenBody>;

/**
 * `PATCH /api/chickens/{id}`: the same fields, each optional. A missing field is left alone; null or
 * blank clears an optional one (colour, weight, hatch date, notes, photo).
 */
export const updateChickenBody = z.object({
  ...fields,
  name: fields.name.optional(),
  breed: fields.breed.optional(),
});
export type UpdateChickenBody = z.input<typeof updateChickenBody>;

/** A bird as the API returns it. */
export const chicken = z.object({
  id: z.uuid(),
  ...recordAuthorship,
  name: z.string(),
  breed: z.string(),
  color: z.string().nullable(),
  weight: z.number().nullable(),
  hatchDate: isoDate.nullable(),
  sex: chickenSex,
  notes: z.string().nullable(),
  imageUrl: z.string().nullable(),
  species: poultrySpecies,
  healthStatus: healthStatus,
  flockId: z.uuid().nullable(),
  bandId: z.string().nullable(),
  sireId: z.uuid().nullable(),
  damId: z.uuid().nullable(),
  /** How the bird left (null while it is in the flock), when and any note (buyer, cause). */
  outcome: birdOutcome.nullable(),
  outcomeDate: isoDate.nullable(),
  outcomeNotes: z.string().nullable(),
  /**
   * The eggs guard (issue 20): the last day of egg withdrawal of a treatment of the bird or of its
   * flock covering today, or null. Meat likewise.
   */
  eggsWithheldUntil: isoDate.nullable(),
  meatWithheldUntil: isoDate.nullable(),
  /** On a slaughter or sale outcome within a meat withdrawal: the warning (not a refusal). */
  warnings: z.array(recordWarning).optional(),
  /** Died or culled: the cause from the short list and the linked condition's id. */
  outcomeCause: lossCause.nullable(),
  outcomeConditionId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Chicken = z.infer<typeof chicken>;

export const chickenList = z.array(chicken);

/** `GET /api/chickens/{id}/delete-preview`: what deleting the bird takes with it. */
export const chickenDeletePreview = z.object({
  eggRecords: z.number().int(),
  weightRecords: z.number().int(),
  feedRecords: z.number().int(),
  healthPredictions: z.number().int(),
  /** Birds that name this one as a parent (they stay; the link is cleared). */
  offspring: z.number().int(),
});
export type ChickenDeletePreview = z.infer<typeof chickenDeletePreview>;

/** Display label for a bird's sex, following its species (hen/rooster, duck/drake, goose/gander...). */
export function sexLabel(species: z.infer<typeof poultrySpecies>, sex: ChickenSex): string {
  const female = isFemaleSex(sex);
  const labels: Record<z.infer<typeof poultrySpecies>, [string, string]> = {
    chicken: ["Hen", "Rooster"],
    duck: ["Duck (female)", "Drake (male)"],
    goose: ["Goose (female)", "Gander (male)"],
    turkey: ["Hen", "Tom"],
    guinea_fowl: ["Hen", "Cock"],
    quail: ["Hen", "Cock"],
  };
  return labels[species][female ? 0 : 1];
}
