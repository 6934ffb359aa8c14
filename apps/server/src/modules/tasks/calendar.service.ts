import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { addDaysIso, todayIso } from "@flockkeeper/shared/schemas/common";
import { calendarEvents, toICalendar } from "@flockkeeper/shared/domain/calendar";
import type { Database } from "../../db/client";
import { calendarFeeds, farmMembers, farms } from "../../db/schema/index";
import { notFound } from "../../lib/errors";
import type { Keeper } from "../../access/access";
import { farmDoses, farmTreatments, runningHatches } from "./task-sources";

/** A feed token: 32 random bytes, base64url (43 characters). */
export const CALENDAR_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/calendar/${token}.ics`;

/**
 * `GET /api/calendar`: the keeper's private feed address for the farm in use, made on first use
 * (two first requests at once get the same one: the second insert does nothing and reads it back).
 */
export async function calendarUrl(db: Database, keeper: Keeper, publicUrl: string) {
  const where = and(
    eq(calendarFeeds.userId, keeper.user.id),
    eq(calendarFeeds.farmId, keeper.farmId),
  );
  const [row] = await db.select({ token: calendarFeeds.token }).from(calendarFeeds).where(where);
  if (row) return { url: feedUrl(publicUrl, row.token) };
  await db
    .insert(calendarFeeds)
    .values({
      token: randomBytes(32).toString("base64url"),
      userId: keeper.user.id,
      farmId: keeper.farmId,
    })
    .onConflictDoNothing();
  const [made] = await db.select({ token: calendarFeeds.token }).from(calendarFeeds).where(where);
  return { url: feedUrl(publicUrl, made!.token) };
}

/** `DELETE /api/calendar`: the address stops working (404); the next GET makes a new one. */
export async function revokeCalendar(db: Database, keeper: Keeper): Promise<void> {
  await db
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, keeper.user.id), eq(calendarFeeds.farmId, keeper.farmId)));
}

/**
 * The feed for a token: the farm's vaccinations due, candling days, lockdowns, hatch windows and
 * withdrawal ends from a week ago on. 404 for an unknown or revoked token. The token's keeper must still be a
 * member of the farm: the row goes with the membership (cascade on the farm; a member who left
 * is checked here).
 */
export async function calendarFeed(db: Database, token: string, publicUrl: string) {
  if (!CALENDAR_TOKEN.test(token)) throw notFound("Calendar");
  const [feed] = await db
    .select({ farmId: calendarFeeds.farmId, userId: calendarFeeds.userId, name: farms.name })
    .from(calendarFeeds)
    .innerJoin(farms, eq(farms.id, calendarFeeds.farmId))
    .where(eq(calendarFeeds.token, token));
  if (!feed) throw notFound("Calendar");
  const [member] = await db
    .select({ role: farmMembers.role })
    .from(farmMembers)
    .where(and(eq(farmMembers.farmId, feed.farmId), eq(farmMembers.userId, feed.userId)));
  if (!member) throw notFound("Calendar");
  const now = new Date();
  const from = addDaysIso(todayIso(now), -7);
  const events = calendarEvents(
    {
      doses: await farmDoses(db, feed.farmId),
      hatches: await runningHatches(db, feed.farmId),
      treatments: await farmTreatments(db, feed.farmId, from),
    },
    from,
  );
  return toICalendar(events, {
    name: `${feed.name} (FlockKeeper)`,
    baseUrl: publicUrl,
    now,
    domain: new URL(publicUrl).hostname,
  });
}
