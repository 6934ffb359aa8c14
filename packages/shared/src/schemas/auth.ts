import { z } from "zod";

/** The signed-in keeper as the web app sees them (`GET /api/auth/user`). */
export const authUser = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type AuthUser = z.infer<typeof authUser>;

/** `GET /api/login` query: where to return after signing in (a path on this site only). */
export const loginQuery = z.object({
  returnTo: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)[^\s\\]*$/, "returnTo must be a path on this site")
    .optional(),
});
