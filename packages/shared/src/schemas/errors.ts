import { z } from "zod";

/** The one error body every API failure uses: a stable code and a message safe to show. */
export const apiError = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  guidance: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiError>;
