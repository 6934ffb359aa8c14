import { useMutation } from "@tanstack/react-query";
import type { NewsletterBody, NewsletterResponse } from "@flockkeeper/shared/schemas/newsletter";
import { apiSend } from "@/lib/api-client";

export const subscribeToNewsletter = (body: NewsletterBody) =>
  apiSend<NewsletterResponse>("POST", "/api/newsletter", body);

/** POST /api/newsletter: stores the email with the consent time (idempotent on the server). */
export const useSubscribe = () => useMutation({ mutationFn: subscribeToNewsletter });
