import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";

export type NewsletterSubscriber = { email: string; subscribedAt: string };

/** The CSV export; a plain link, so the browser downloads it with the admin cookie. */
export const NEWSLETTER_CSV_URL = "/api/admin/newsletter-subscribers.csv";

export const newsletterSubscribersQuery = queryOptions({
  queryKey: ["admin", "newsletter-subscribers"],
  queryFn: () => apiGet<NewsletterSubscriber[]>("/api/admin/newsletter-subscribers"),
});

export const useNewsletterSubscribers = () => useQuery(newsletterSubscribersQuery);
