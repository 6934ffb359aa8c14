import { z } from "zod";
import { analysisBirdId, analysisHealthStatus, analysisImage, analysisMeta } from "./analysis";
import { poultrySpecies } from "./species";

/** `POST /api/analyze-health`: the photo as base64 without prefix (a data URL is accepted too) and the species. */
export const analyzeHealthBody = z.object({
  image: analysisImage,
  species: z
    .enum(poultrySpecies.options, {
      error: "Species must be one of chicken, duck, goose, turkey, guinea_fowl, quail",
    })
    .default("chicken"),
  birdId: analysisBirdId,
});
export type AnalyzeHealthBody = z.input<typeof analyzeHealthBody>;

const textList = z.array(z.string().min(1).max(1000)).max(20);

/** The spec's Bird health analysis; the model is asked for exactly this shape. */
export const birdHealthModelResult = z.object({
  healthStatus: analysisHealthStatus,
  overallScore: z.number().min(0).max(100),
  confidenceLevel: z.number().min(0).max(1),
  analysis: z.string().min(1).max(4000),
  followUpRequired: z.boolean(),
  /** Named observations (e.g. visibleEye, eyeVisibility, leftEye, rightEye, eyeComparison, eyes, comb). */
  observations: z.record(z.string().max(60), z.string().max(2000)),
  recommendations: textList,
  treatments: z.object({ immediate: textList, ongoing: textList, preventive: textList }),
  warnings: textList,
});
export type BirdHealthModelResult = z.infer<typeof birdHealthModelResult>;

/** `POST /api/analyze-health` answer. */
export const birdHealthResult = birdHealthModelResult.extend(analysisMeta);
export type BirdHealthResult = z.infer<typeof birdHealthResult>;
