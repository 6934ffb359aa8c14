import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "@flockkeeper/shared/schemas/common";
import { nextDueDate } from "@flockkeeper/shared/domain/vaccination";
import { createTestApp, type TestApp, type TestUser } from "../../test/helpers";
import { buildKeeper, buildMember, daysAgo, today } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const urlOf = async (keeper: TestUser) => {
  const res = await keeper.inject({ url: "/api/calendar" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ url: string }>().url;
};
const pathOf = (url: string) => new URL(url).pathname;

/** Each line ends in CRLF and is at most 75 octets (RFC 5545 3.1). */
function expectWellFormedLines(text: string) {
  expect(text.endsWith("\r\n")).toBe(true);
  for (const line of text.split("\r\n").slice(0, -1)) {
    expect(line.includes("\n") || line.includes("\r"), JSON.stringify(line)).toBe(false);
    expect(Buffer.byteLength(line, "utf8"), line).toBeLessThanOrEqual(75);
  }
}

describe("calendar feed", () => {
  it("serves the farm's vaccinations due, candling, lockdown and hatch window, valid iCalendar", async () => {
    const owner = await buildKeeper(t);
    const post = async (url: string, payload: object) => {
      const res = await owner.inject({ method: "POST", url, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json<{ id: string }>();
    };
    await post("/api/vaccinations", {
      vaccine: "Newcastle Disease",
      // A long name with characters that must be escaped: folded and escaped in the feed.
      birdName: "Henrietta; the speckled, very proud Sussex hen from the far end of the orchard",
      date: daysAgo(200),
    });
    await post("/api/hatch-records", {
      eggSource: "Own flock",
      species: "chicken",
      incubationStartDate: daysAgo(3),
    });
    const url = await urlOf(owner);
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await urlOf(owner), "the same address every time").toBe(url);

    const res = await t.app.inject({ url: pathOf(url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expectWellFormedLines(res.body);

    const cal = new ICAL.Component(ICAL.parse(res.body));
    expect(cal.getFirstPropertyValue("version")).toBe("2.0");
    expect(cal.getFirstPropertyValue("prodid")).toBe("-//FlockKeeper//Today//EN");
    const events = cal.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
    const seen = events.map((e) => [
      e.summary,
      e.startDate.toString(),
      e.endDate.toString(),
      e.startDate.isDate,
    ]);
    const start = daysAgo(3);
    const nextDue = nextDueDate("Newcastle Disease", daysAgo(200));
    expect(seen).toEqual([
      [
        "Candle the eggs (day 7): Chicken eggs from Own flock",
        addDaysIso(start, 7),
        addDaysIso(start, 8),
        true,
      ],
      [
        "Candle the eggs (day 14): Chicken eggs from Own flock",
        addDaysIso(start, 14),
        addDaysIso(start, 15),
        true,
      ],
      [
        "Candle the eggs (day 18): Chicken eggs from Own flock",
        addDaysIso(start, 18),
        addDaysIso(start, 19),
        true,
      ],
      ["Lockdown: Chicken eggs from Own flock", addDaysIso(start, 18), addDaysIso(start, 19), true],
      [
        "Hatch window: Chicken eggs from Own flock",
        addDaysIso(start, 21),
        addDaysIso(start, 22),
        true,
      ],
      [
        "Newcastle Disease vaccination due: Henrietta; the speckled, very proud Sussex hen from the far end of the orchard",
        nextDue,
        addDaysIso(nextDue, 1),
        true,
      ],
    ]);
    for (const e of events) {
      expect(e.uid).toMatch(/@localhost$/);
      expect(e.component.getFirstPropertyValue("dtstamp")).toBeTruthy();
    }
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    expect(today).toBeTruthy();
  });

  it("is per keeper and farm; a revoked address answers 404 and a new one is made", async () => {
    const owner = await buildKeeper(t);
    const helper = await buildMember(t, owner, "helper");
    const mine = await urlOf(owner);
    const theirs = await urlOf(helper);
    expect(theirs).not.toBe(mine);
    expect((await t.app.inject({ url: pathOf(theirs) })).statusCode).toBe(200);

    const revoked = await helper.inject({ method: "DELETE", url: "/api/calendar" });
    expect(revoked.statusCode).toBe(204);
    const gone = await t.app.inject({ url: pathOf(theirs) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("Calendar not found");
    expect((await t.app.inject({ url: pathOf(mine) })).statusCode, "the owner's still works").toBe(
      200,
    );
    const again = await urlOf(helper);
    expect(again).not.toBe(theirs);
    expect((await t.app.inject({ url: pathOf(again) })).statusCode).toBe(200);
  });

  it("401 signed out; unknown tokens 404; another farm's feed tells nothing", async () => {
    expect((await t.app.inject({ url: "/api/calendar" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "DELETE", url: "/api/calendar" })).statusCode).toBe(401);
    const made = `/api/calendar/${"A".repeat(43)}.ics`;
    expect((await t.app.inject({ url: made })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/calendar/short.ics" })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/calendar/feed.txt" })).statusCode).toBe(400);
  });
});
