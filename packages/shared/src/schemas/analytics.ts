import { z } from "zod";
import { isoDate } from "./common";

/** `GET /api/admin/analytics?from=&to=`: an optional inclusive date range (UTC days). */
export const analyticsQuery = z
  .object({ from: isoDate.optional(), to: isoDate.optional() })
  .refine(
    (q) => !q.from || !q.to || q.from <= q.to,
    "The start date must not be after the end date",
  );
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

/**
 * Click analytics (spec: Analytics), computed in SQL over the range (all time when none):
 * top 10 pages, top 10 elements, the 20 latest clicks, and clicks per UTC day
 * (the range, or the last 30 days when no start date is given).
 */
export const analytics = z.object({
  totalClicks: z.number().int(),
  pageAnalytics: z.array(z.object({ page: z.string(), clicks: z.number().int() })),
  popularElements: z.array(
    z.object({ elementName: z.string(), elementType: z.string(), clicks: z.number().int() }),
  ),
  recentClicks: z.array(
    z.object({
      elementName: z.string(),
      elementType: z.string(),
      page: z.string(),
      timestamp: z.string(),
    }),
  ),
  clicksPerDay: z.array(z.object({ date: z.string(), clicks: z.number().int() })),
});
export type Analytics = z.infer<typeof analytics>;
