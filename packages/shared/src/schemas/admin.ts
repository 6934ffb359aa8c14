import { z } from "zod";
import { ADMIN_DENIED_MESSAGE } from "../domain/admin-messages";

/** The one message the gate shows for a wrong password (spec section 8). */
export { ADMIN_DENIED_MESSAGE };

/** `POST /api/admin/login`: a password, or nothing for a signed-in keeper listed in ADMIN_EMAILS. */
export const adminLoginBody = z
  .object({ password: z.string().max(500, ADMIN_DENIED_MESSAGE).optional() })
  .strict();
export type AdminLoginBody = z.infer<typeof adminLoginBody>;

/** `GET /api/admin/session`: whether this browser holds an admin session, and how to get one. */
export const adminSession = z.object({
  isAdmin: z.boolean(),
  /** Admin access is configured on the server (ADMIN_PASSWORD or ADMIN_EMAILS). */
  configured: z.boolean(),
  passwordEnabled: z.boolean(),
  /** The signed-in keeper's email is in ADMIN_EMAILS: they may enter without a password. */
  emailAdmin: z.boolean(),
  email: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** How to configure admin access, when it is not configured. */
  hint: z.string().nullable(),
});
export type AdminSession = z.infer<typeof adminSession>;

/** One newsletter subscriber as the admin sees it. */
export const newsletterSubscriber = z.object({ email: z.string(), subscribedAt: z.string() });
export const newsletterSubscriberList = z.array(newsletterSubscriber);
