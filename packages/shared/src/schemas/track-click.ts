import { z } from "zod";

const short = (max: number) => z.string().trim().min(1).max(max);

/** `POST /api/track-click`: one click on a tracked element. Bounded so it cannot fill the disk. */
export const trackClickBody = z
  .object({
    elementName: short(200),
    elementType: short(50),
    elementId: z.string().trim().max(200).nullish(),
    page: short(300),
    sessionId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,100}$/, "sessionId must be 8-100 letters, digits, - or _"),
    metadata: z
      .record(z.string().max(50), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
      .refine((m) => Object.keys(m).length <= 20, "metadata may have at most 20 keys")
      .nullish(),
  })
  .strict();
export type TrackClickBody = z.infer<typeof trackClickBody>;
