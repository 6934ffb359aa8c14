import type { NewsletterResponse } from "@flockkeeper/shared/schemas/newsletter";
import { NEWSLETTER_MESSAGES } from "@flockkeeper/shared/schemas/newsletter";
import type { Database } from "../../db/client";
import { newsletterSubscribers } from "../../db/schema/index";

/**
 * Stores an address with the time its owner consented. Idempotent: the unique index on
 * lower(email) turns a repeat into a no-op, and the first consent time is kept.
 */
export async function subscribe(db: Database, email: string): Promise<NewsletterResponse> {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email: email.trim().toLowerCase(), consentAt: new Date() })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  const status = inserted.length > 0 ? "subscribed" : "already_subscribed";
  return { status, message: NEWSLETTER_MESSAGES[status] };
}
