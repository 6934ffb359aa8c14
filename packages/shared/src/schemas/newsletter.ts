import { z } from "zod";

/** `POST /api/newsletter`: subscribe an email with explicit consent. Bounded so it cannot fill the disk. */
export const newsletterBody = z
  .object({
    email: z
      .string({ message: "Please enter your email address" })
      .trim()
      .min(1, "Please enter your email address")
      .max(254, "Please enter a valid email address")
      .pipe(z.email("Please enter a valid email address")),
    consent: z.literal(true, {
      message: "Please tick the box to agree to receive the newsletter",
    }),
  })
  .strict();
export type NewsletterBody = z.infer<typeof newsletterBody>;

/** Subscribing twice is harmless: the second answer says so and nothing new is stored. */
export const newsletterResponse = z.object({
  status: z.enum(["subscribed", "already_subscribed"]),
  message: z.string(),
});
export type NewsletterResponse = z.infer<typeof newsletterResponse>;

export const NEWSLETTER_MESSAGES = {
  subscribed:
    "Thanks for subscribing! We've stored your email address and the time you gave consent. You can ask to be removed at any time.",
  already_subscribed: "You're already subscribed with this email address. Nothing new was stored.",
} as const;
