import { z } from "zod";
import { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from "./image";
import { recordAuthorship } from "./farm";

/*
 * Pieces shared by the photo analyses (droppings, bird health, breed ID) and their saved history
 * (GET /api/analyses). Each result schema lives in its own file; the model is asked for the
 * `...ModelResult` shape, and the API adds `method` and `analysisId`.
 */

/** Spec: 'Missing payload: Invalid image format'. */
export const INVALID_IMAGE_FORMAT_MESSAGE = "Invalid image format";
/** A data URL whose type is not a photo, or bytes that are not a JPEG, PNG or WebP. */
export const INVALID_IMAGE_MESSAGE = "Invalid image: please send a JPEG, PNG or WebP photo.";
/** A photo that cannot be decoded (truncated, corrupt, or too many pixels). */
export const UNPROCESSABLE_IMAGE_MESSAGE =
  "Could not process image: the photo is damaged or too large in pixels. Please try a different photo.";
/** Every offline result starts with this label (DECISIONS point 3). */
export const OFFLINE_LABEL = "Basic offline analysis";
/** Highest confidence (0-1) an offline analyser ever reports. */
export const OFFLINE_MAX_CONFIDENCE = 0.35;

const DATA_URL_PREFIX = /^data:([^;,]*)(;[^,]*)?,/i;
const PHOTO_DATA_URL = /^data:image\/(jpeg|jpg|png|webp);base64,/i;

/** A photo as a data URL ("data:image/jpeg;base64,...") or bare base64; type is re-checked from the bytes. */
export const analysisImage = z
  .string({ error: INVALID_IMAGE_FORMAT_MESSAGE })
  .min(1, { message: INVALID_IMAGE_FORMAT_MESSAGE })
  .max(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 200, { message: IMAGE_TOO_LARGE_MESSAGE })
  .refine((v) => !DATA_URL_PREFIX.test(v.slice(0, 100)) || PHOTO_DATA_URL.test(v.slice(0, 100)), {
    message: INVALID_IMAGE_MESSAGE,
  });

/** Optional bird (from the keeper's flock) the analysis is about; saved with the history entry. */
export const analysisBirdId = z
  .union([z.uuid({ message: "Please select a bird from your flock" }), z.null()])
  .optional();

/** Status of a droppings or bird-health result: healthy green, concerning yellow, urgent red. */
export const analysisHealthStatus = z.enum(["healthy", "concerning", "urgent"]);
export type AnalysisHealthStatus = z.infer<typeof analysisHealthStatus>;

/** Who produced a result: a configured vision model, or the built-in offline analyser. */
export const analysisMethod = z.enum(["ai", "offline"]);
export type AnalysisMethod = z.infer<typeof analysisMethod>;

/** Fields the API adds to every model or offline result. */
export const analysisMeta = {
  /** "offline" results are labelled 'Basic offline analysis' and carry a low confidence. */
  method: analysisMethod,
  /** Id of the saved history entry (signed-in keepers), else null. */
  analysisId: z.uuid().nullable(),
};

/** Kinds of saved analyses. */
export const analysisKind = z.enum(["droppings", "health", "breed"]);
export type AnalysisKind = z.infer<typeof analysisKind>;

/** `GET /api/analyses?kind=&birdId=&limit=`. */
export const listAnalysesQuery = z.object({
  kind: analysisKind.optional(),
  birdId: z.uuid({ message: "Invalid bird id" }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ListAnalysesQuery = z.input<typeof listAnalysesQuery>;

/**
 * One saved analysis. `result` is the droppings, bird-health or breed result as it was answered
 * (parse it with the schema of its `kind`); `status` is its headline (healthStatus, or the breed).
 */
export const analysisRecord = z.object({
  id: z.uuid(),
  ...recordAuthorship,
  kind: analysisKind,
  status: z.string(),
  method: analysisMethod,
  birdId: z.uuid().nullable(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
  result: z.record(z.string(), z.unknown()),
});
export type AnalysisRecord = z.infer<typeof analysisRecord>;

export const analysisList = z.array(analysisRecord);
