import { z } from "zod";

/** `GET /api/health`: ok when the database answers. */
export const healthResponse = z.object({ status: z.enum(["ok", "unavailable"]) });
