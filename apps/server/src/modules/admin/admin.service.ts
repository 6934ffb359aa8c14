import { addDaysIso, formatIsoDate } from "@flockkeeper/shared/schemas/common";
import { isoDatesBetween } from "@flockkeeper/shared/domain/dates";
import type { Analytics, AnalyticsQuery } from "@flockkeeper/shared/schemas/analytics";
import { and, asc, count, desc, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { clickEvents, newsletterSubscribers } from "../../db/schema/index";
import { csvRows } from "../../lib/csv";

const startOf = (isoDay: string) => new Date(`${isoDay}T00:00:00.000Z`);
/**
 * Clicks from `from` to `to` (UTC days, both included), as bounds PostgreSQL can read: a time in
 * year 0 or in year 10000 (the day after 9999-12-31) is outside its range, and no click is older
 * than 1970, so an end beyond those years needs no bound (or leaves nothing, for a range that ends
 * before 1970).
 */
const EPOCH_DAY = "1970-01-01";
function rangeWhere(from: string | undefined, to: string | undefined): SQL | undefined {
  if (to !== undefined && to < EPOCH_DAY) return sql`false`;
  return and(
    from !== undefined && from > EPOCH_DAY ? gte(clickEvents.createdAt, startOf(from)) : undefined,
    to !== undefined && to < "9999-12-31"
      ? lt(clickEvents.createdAt, startOf(addDaysIso(to, 1)))
      : undefined,
  );
}
const MAX_CHART_DAYS = 366;

/**
 * Click analytics computed in the database (spec: Analytics, section 9: top 10 pages and elements,
 * 20 recent clicks), plus clicks per UTC day for the chart. Without a range the figures are all time
 * and the chart shows the last 30 days.
 */
export async function getAnalytics(
  db: Database,
  query: AnalyticsQuery,
  now = new Date(),
): Promise<Analytics> {
  const where = rangeWhere(query.from, query.to);

  const chartTo = query.to ?? formatIsoDate(now);
  let chartFrom = query.from ?? addDaysIso(chartTo, -29);
  if (
    startOf(chartTo).getTime() - startOf(chartFrom).getTime() >
    (MAX_CHART_DAYS - 1) * 86_400_000
  ) {
    chartFrom = addDaysIso(chartTo, -(MAX_CHART_DAYS - 1));
  }
  const day = sql<string>`to_char(${clickEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const clicks = sql<number>`cast(count(*) as integer)`;

  const [total, pages, elements, recent, perDay] = await Promise.all([
    db.select({ n: count() }).from(clickEvents).where(where),
    db
      .select({ page: clickEvents.page, clicks })
      .from(clickEvents)
      .where(where)
      .groupBy(clickEvents.page)
      .orderBy(desc(clicks), clickEvents.page)
      .limit(10),
    db
      .select({
        elementName: clickEvents.elementName,
        elementType: clickEvents.elementType,
        clicks,
      })
      .from(clickEvents)
      .where(where)
      .groupBy(clickEvents.elementName, clickEvents.elementType)
      .orderBy(desc(clicks), clickEvents.elementName, clickEvents.elementType)
      .limit(10),
    db
      .select({
        elementName: clickEvents.elementName,
        elementType: clickEvents.elementType,
        page: clickEvents.page,
        createdAt: clickEvents.createdAt,
      })
      .from(clickEvents)
      .where(where)
      .orderBy(desc(clickEvents.createdAt), desc(clickEvents.id))
      .limit(20),
    db
      .select({ date: day, clicks })
      .from(clickEvents)
      .where(rangeWhere(chartFrom, chartTo))
      .groupBy(day),
  ]);

  const byDay = new Map(perDay.map((d) => [d.date, Number(d.clicks)]));
  const clicksPerDay: Analytics["clicksPerDay"] = [];
  for (const d of isoDatesBetween(chartFrom, chartTo)) {
    clicksPerDay.push({ date: d, clicks: byDay.get(d) ?? 0 });
  }

  return {
    totalClicks: Number(total[0]?.n ?? 0),
    pageAnalytics: pages.map((p) => ({ page: p.page, clicks: Number(p.clicks) })),
    popularElements: elements.map((e) => ({ ...e, clicks: Number(e.clicks) })),
    recentClicks: recent.map((c) => ({
      elementName: c.elementName,
      elementType: c.elementType,
      page: c.page,
      timestamp: c.createdAt.toISOString(),
    })),
    clicksPerDay,
  };
}

/** Newsletter subscribers, oldest first, with the time each one consented. */
export async function listSubscribers(
  db: Database,
): Promise<{ email: string; subscribedAt: string }[]> {
  const rows = await db
    .select({ email: newsletterSubscribers.email, consentAt: newsletterSubscribers.consentAt })
    .from(newsletterSubscribers)
    .orderBy(asc(newsletterSubscribers.consentAt), asc(newsletterSubscribers.email));
  return rows.map((r) => ({ email: r.email, subscribedAt: r.consentAt.toISOString() }));
}

/** Subscribers as CSV (email, subscribed_at). */
export function subscribersCsv(rows: { email: string; subscribedAt: string }[]): string {
  // Every cell quoted, as this file always has been.
  return (
    "email,subscribed_at\r\n" +
    csvRows(
      rows.map((r) => [r.email, r.subscribedAt]),
      { quoted: true },
    )
  );
}
