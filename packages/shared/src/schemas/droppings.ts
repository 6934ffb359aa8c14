import { z } from "zod";
import { analysisBirdId, analysisHealthStatus, analysisImage, analysisMeta } from "./analysis";

/** `POST /api/analyze-feces`: the photo as a data URL (spec), optionally for one bird. */
export const analyzeFecesBody = z.object({
  image: analysisImage,
  birdId: analysisBirdId,
});
export type AnalyzeFecesBody = z.input<typeof analyzeFecesBody>;

/** The Droppings analysis result fields of the spec; the model is asked for exactly this shape. */
export const droppingsModelResult = z.object({
  healthStatus: analysisHealthStatus,
  analysis: z.string().min(1).max(4000),
  confidenceLevel: z.number().min(0).max(1).optional(),
  clinicalFindings: z.string().max(4000).optional(),
  followUpRequired: z.boolean(),
  recommendations: z.array(z.string().min(1).max(1000)).max(20),
  warnings: z.array(z.string().min(1).max(1000)).max(20),
});
export type DroppingsModelResult = z.infer<typeof droppingsModelResult>;

/** `POST /api/analyze-feces` answer. */
export const droppingsResult = droppingsModelResult.extend(analysisMeta);
export type DroppingsResult = z.infer<typeof droppingsResult>;
