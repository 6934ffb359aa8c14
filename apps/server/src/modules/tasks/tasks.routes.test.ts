import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "@flockkeeper/shared/schemas/common";
import { shortDate } from "@flockkeeper/shared/domain/treatment";
import type { Chore, TasksResponse } from "@flockkeeper/shared/schemas/tasks";
import { createTestApp, type TestApp, type TestUser } from "../../test/helpers";
import { buildKeeper, buildMember, daysAgo, today } from "../../test/factories";
import { WEATHER_TASKS_UNAVAILABLE } from "./task-sources";

/*
 * A stub forecast provider: latitude 1x.xx answers a freezing, stormy forecast; 2x.xx answers 500
 * (the provider is down).
 */
let stub: http.Server;
let t: TestApp;

beforeAll(async () => {
  stub = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    const lat = Number(url.searchParams.get("latitude"));
    if (lat >= 20) {
      res.writeHead(500).end("down");
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        current: {
          temperature_2m: 20,
          relative_humidity_2m: 50,
          wind_speed_10m: 5,
          weather_code: 95,
        },
        daily: {
          time: [today, addDaysIso(today, 1)],
          weather_code: [95, 3],
          temperature_2m_max: [30, 31],
          temperature_2m_min: [28, 27],
          precipitation_sum: [30, 0],
        },
      }),
    );
  });
  await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
  const { port } = stub.address() as AddressInfo;
  t = await createTestApp({ WEATHER_BASE_URL: `http://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  stub.closeAllConnections();
  await new Promise<void>((resolve) => stub.close(() => resolve()));
});

const tasksOf = async (keeper: TestUser, date = today) => {
  const res = await keeper.inject({ url: `/api/tasks?date=${date}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TasksResponse>();
};
const ok = async (keeper: TestUser, method: "POST" | "PUT", url: string, payload?: object) => {
  const res = await keeper.inject({ method, url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json<{ id: string }>();
};

/** A farm with a vaccination due today, a hatch in lockdown (day 19), a laying flock and a chore. */
async function busyFarm() {
  const owner = await buildKeeper(t, { firstName: "Olive" });
  const vaccination = await ok(owner, "POST", "/api/vaccinations", {
    vaccine: "Newcastle Disease",
    birdName: "Henny",
    date: addDaysIso(today, -365),
  });
  const hatch = await ok(owner, "POST", "/api/hatch-records", {
    eggSource: "Own flock",
    species: "chicken",
    incubationStartDate: daysAgo(19),
  });
  await ok(owner, "POST", `/api/hatch-records/${hatch.id}/candlings`, {
    date: daysAgo(1),
    fertile: 5,
    clear: 1,
  });
  const flock = await ok(owner, "POST", "/api/flocks", {
    name: "Layers",
    startDate: daysAgo(30),
    headcount: 10,
  });
  const chore = await ok(owner, "POST", "/api/chores", {
    title: "Clean waterers",
    frequency: "daily",
  });
  return { owner, vaccination, hatch, flock, chore };
}

describe("GET /api/tasks", () => {
  it("lists the farm's tasks of the day with their reason and link", async () => {
    const { owner, vaccination, hatch, flock, chore } = await busyFarm();
    // Newcastle is annual: a dose a year ago is due today (unless today is 1 March after a leap day).
    const dueOn = (await tasksOf(owner)).tasks.find((x) => x.kind === "vaccination")?.due;
    const body = await tasksOf(owner);
    expect(body.unavailable).toEqual([]);
    const ids = body.tasks.map((x) => x.id).sort();
    expect(ids).toEqual(
      [
        `vaccination:${vaccination.id}:${dueOn}`,
        `lockdown:${hatch.id}:${daysAgo(1)}`,
        `eggs:${flock.id}:${today}`,
        `chore:${chore.id}:${today}`,
      ].sort(),
    );
    const lockdown = body.tasks.find((x) => x.kind === "lockdown")!;
    expect(lockdown).toMatchObject({
      title: "Lockdown: Chicken eggs from Own flock",
      due: daysAgo(1),
      done: false,
      overdue: true,
      link: "/chicken-tracker?tab=hatching",
    });
    expect(lockdown.reason).toContain("Day 18 of 21");
    // The basket logged for today ends the eggs task.
    await ok(owner, "POST", "/api/egg-collections", { flockId: flock.id, date: today, eggs: 7 });
    expect((await tasksOf(owner)).tasks.map((x) => x.kind)).not.toContain("eggs");
  });

  it("is private: 401 signed out; another farm sees an empty day and reaches none of its tasks", async () => {
    const { owner, vaccination } = await busyFarm();
    const id = (await tasksOf(owner)).tasks.find((x) => x.kind === "vaccination")!.id;
    expect((await t.app.inject({ url: "/api/tasks" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: `/api/tasks/${id}/done` })).statusCode).toBe(
      401,
    );
    const stranger = await buildKeeper(t);
    expect((await tasksOf(stranger)).tasks).toEqual([]);
    const done = await stranger.inject({ method: "POST", url: `/api/tasks/${id}/done` });
    expect(done.statusCode).toBe(404);
    const snooze = await stranger.inject({
      method: "POST",
      url: `/api/tasks/${id}/snooze`,
      payload: { until: addDaysIso(today, 2) },
    });
    expect(snooze.statusCode).toBe(404);
    expect((await stranger.inject({ url: "/api/chores" })).json()).toEqual([]);
    expect(vaccination.id).toBeTruthy();
    expect((await tasksOf(owner)).tasks.every((x) => !x.done && !x.snoozedUntil)).toBe(true);
  });

  it("done and snoozed are kept for the farm: a second keeper and a helper see them", async () => {
    const { owner } = await busyFarm();
    const keeper = await buildMember(t, owner, "keeper");
    const helper = await buildMember(t, owner, "helper");
    const first = await tasksOf(keeper);
    const vacc = first.tasks.find((x) => x.kind === "vaccination")!;
    const lock = first.tasks.find((x) => x.kind === "lockdown")!;

    const done = await helper.inject({ method: "POST", url: `/api/tasks/${vacc.id}/done` });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id: vacc.id, done: true, doneBy: helper.user.id });
    // Marking it again (the owner, a moment later) keeps who did it first.
    const again = await owner.inject({ method: "POST", url: `/api/tasks/${vacc.id}/done` });
    expect(again.json()).toMatchObject({ doneBy: helper.user.id });

    const until = addDaysIso(today, 2);
    const snoozed = await keeper.inject({
      method: "POST",
      url: `/api/tasks/${lock.id}/snooze`,
      payload: { until },
    });
    expect(snoozed.statusCode, snoozed.body).toBe(200);

    const seen = await tasksOf(owner);
    expect(seen.tasks.find((x) => x.id === vacc.id)).toMatchObject({
      done: true,
      doneByName: "Test",
    });
    expect(seen.tasks.find((x) => x.id === lock.id)).toMatchObject({ snoozedUntil: until });
    // On the snooze's last day it is back.
    expect((await tasksOf(owner, until)).tasks.find((x) => x.id === lock.id)).toBeUndefined();
    expect(
      (await tasksOf(owner, addDaysIso(today, 1))).tasks.find((x) => x.id === lock.id)
        ?.snoozedUntil,
    ).toBe(until);
  });

  it("refuses bad input with a clear 4xx and writes nothing", async () => {
    const { owner } = await busyFarm();
    const chore = (await tasksOf(owner)).tasks.find((x) => x.kind === "chore")!;
    const past = await owner.inject({
      method: "POST",
      url: `/api/tasks/${chore.id}/snooze`,
      payload: { until: daysAgo(3) },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: "Snooze until must be a date after today" });
    const badId = await owner.inject({ method: "POST", url: "/api/tasks/nonsense/done" });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe("Invalid task id");
    const made = await owner.inject({
      method: "POST",
      url: `/api/tasks/chore:${owner.user.id}:${today}/done`,
    });
    expect(made.statusCode).toBe(404);
    expect((await tasksOf(owner)).tasks.find((x) => x.id === chore.id)).toMatchObject({
      done: false,
      snoozedUntil: null,
    });
    expect((await owner.inject({ url: "/api/tasks?date=2026-02-30" })).statusCode).toBe(400);
  });
});

describe("treatment tasks", () => {
  it("a course in progress each day, and the day its withdrawal is over; both in the calendar", async () => {
    const owner = await buildKeeper(t);
    const flock = await ok(owner, "POST", "/api/flocks", {
      name: "Layers",
      startDate: daysAgo(30),
      headcount: 10,
    });
    const treatment = await ok(owner, "POST", "/api/treatments", {
      flockId: flock.id,
      product: "Amprolium 9.6%",
      route: "water",
      startDate: daysAgo(1),
      endDate: addDaysIso(today, 1),
      reason: "Bloody droppings",
      eggWithdrawalDays: 2,
      meatWithdrawalDays: 5,
    });
    const course = (await tasksOf(owner)).tasks.find((x) => x.kind === "treatment");
    expect(course).toMatchObject({
      id: `treatment:${treatment.id}:${today}`,
      title: "Give Amprolium 9.6%: Layers",
      reason: "Day 2 of 3 of the course.",
    });
    // The eggs guard: today's collect-eggs task says to keep the eggs out until the withdrawal ends.
    const eggs = (await tasksOf(owner)).tasks.find((x) => x.kind === "eggs");
    expect(eggs!.reason).toContain(
      `Eggs from Layers not for eating until ${shortDate(addDaysIso(today, 3), today)}`,
    );
    const eggsBack = addDaysIso(today, 4);
    const eggsLater = (await tasksOf(owner, eggsBack)).tasks.find((x) => x.kind === "eggs");
    expect(eggsLater!.reason).toBe("No basket is logged for Layers today.");
    const over = (await tasksOf(owner, eggsBack)).tasks.find((x) => x.kind === "withdrawal");
    expect(over).toMatchObject({
      id: `withdrawal:${treatment.id}:${eggsBack}`,
      reason: "Eggs from Layers can be used again from today (Amprolium 9.6%).",
    });
    const done = await owner.inject({ method: "POST", url: `/api/tasks/${course!.id}/done` });
    expect(done.statusCode, done.body).toBe(200);
    const { url } = (await owner.inject({ url: "/api/calendar" })).json<{ url: string }>();
    const feed = await t.app.inject({ url: new URL(url).pathname });
    expect(feed.body).toContain("SUMMARY:Egg withdrawal ends: Layers");
    expect(feed.body).toContain(`DTSTART;VALUE=DATE:${addDaysIso(today, 3).replace(/-/g, "")}`);
    expect(feed.body).toContain("SUMMARY:Meat withdrawal ends: Layers");
  });
});

describe("feed running low", () => {
  it("while the feed bought lasts a week or less at the last 14 days' rate", async () => {
    const owner = await buildKeeper(t);
    const bird = await ok(owner, "POST", "/api/chickens", { name: "Hen", breed: "Sussex" });
    // 50 lbs bought, 42 lbs fed since: 8 lbs left at 42 / 14 = 3 lbs a day, 2 days.
    await ok(owner, "POST", "/api/transactions", {
      type: "expense",
      category: "feed",
      date: daysAgo(5),
      amount: 30,
      quantity: 1,
      unit: "bag_50lb",
    });
    await ok(owner, "POST", "/api/feed-records", {
      chickenId: bird.id,
      date: today,
      feedType: "Layer pellets",
      feedAmount: 42,
    });
    const feed = (await tasksOf(owner)).tasks.filter((x) => x.kind === "feed");
    expect(feed).toEqual([
      expect.objectContaining({
        id: `feed:${owner.user.id}:${today}`,
        title: "Feed running low: 2 days left",
        reason:
          "About 8 lbs left at 3 lbs a day (the last 14 days' feed records against the feed bought).",
        link: "/money",
      }),
    ]);
  });
});

describe("weather tasks", () => {
  it("come from the saved place's alerts; the severe one is urgent", async () => {
    const owner = await buildKeeper(t);
    await ok(owner, "PUT", "/api/weather/place", { name: "Home", latitude: 11.11, longitude: 5 });
    const body = await tasksOf(owner);
    expect(body.unavailable).toEqual([]);
    const weather = body.tasks.filter((x) => x.kind === "weather");
    expect(weather.map((x) => [x.title, x.urgent])).toEqual([
      ["Severe weather expected", true],
      ["Freezing temperatures", false],
    ]);
    expect(weather[1]!.reason).toMatch(/^Home: It is 20°F\./);
    const done = await owner.inject({ method: "POST", url: `/api/tasks/${weather[0]!.id}/done` });
    expect(done.statusCode, done.body).toBe(200);
  });

  it("say so when the provider is down, and the rest of the day still comes", async () => {
    const owner = await buildKeeper(t);
    await ok(owner, "PUT", "/api/weather/place", { name: "Home", latitude: 22.22, longitude: 5 });
    await ok(owner, "POST", "/api/chores", { title: "Clean waterers", frequency: "daily" });
    const body = await tasksOf(owner);
    expect(body.unavailable).toEqual([{ source: "weather", message: WEATHER_TASKS_UNAVAILABLE }]);
    expect(body.tasks.map((x) => x.kind)).toEqual(["chore"]);
  });
});

describe("chores", () => {
  it("owners and keepers manage them; helpers see them and may not change them", async () => {
    const owner = await buildKeeper(t);
    const keeper = await buildMember(t, owner, "keeper");
    const helper = await buildMember(t, owner, "helper");
    const created = await keeper.inject({
      method: "POST",
      url: "/api/chores",
      payload: { title: "Change bedding", frequency: "weekly", weekday: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const chore = created.json<Chore>();
    expect(chore).toMatchObject({ frequency: "weekly", weekday: 1, dayOfMonth: null });
    expect((await helper.inject({ url: "/api/chores" })).json<Chore[]>().map((c) => c.id)).toEqual([
      chore.id,
    ]);
    for (const req of [
      { method: "POST" as const, url: "/api/chores", payload: { title: "x", frequency: "daily" } },
      { method: "PATCH" as const, url: `/api/chores/${chore.id}`, payload: { title: "x" } },
      { method: "DELETE" as const, url: `/api/chores/${chore.id}` },
    ]) {
      expect((await helper.inject(req)).statusCode, `${req.method} ${req.url}`).toBe(403);
    }
    const patched = await owner.inject({
      method: "PATCH",
      url: `/api/chores/${chore.id}`,
      payload: { frequency: "monthly", dayOfMonth: 31 },
    });
    expect(patched.json()).toMatchObject({ frequency: "monthly", weekday: null, dayOfMonth: 31 });
    const stranger = await buildKeeper(t);
    expect(
      (
        await stranger.inject({
          method: "PATCH",
          url: `/api/chores/${chore.id}`,
          payload: { title: "Stolen" },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await stranger.inject({ method: "DELETE", url: `/api/chores/${chore.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await owner.inject({ method: "DELETE", url: `/api/chores/${chore.id}` })).statusCode,
    ).toBe(204);
    expect((await owner.inject({ url: "/api/chores" })).json()).toEqual([]);
  });

  it("refuses impossible schedules naming the field", async () => {
    const owner = await buildKeeper(t);
    const cases: [object, string, string][] = [
      [{ title: "A", frequency: "weekly" }, "weekday", "A weekly chore needs a weekday"],
      [
        { title: "A", frequency: "weekly", weekday: 7 },
        "weekday",
        "Weekday must be a whole number from 0 (Sunday) to 6 (Saturday)",
      ],
      [
        { title: "A", frequency: "monthly", dayOfMonth: 32 },
        "dayOfMonth",
        "Day of month must be a whole number from 1 to 31",
      ],
      [
        { title: "A", frequency: "daily", dayOfMonth: 3 },
        "dayOfMonth",
        "Only a monthly chore has a day of the month",
      ],
      [
        { title: "A", frequency: "hourly" },
        "frequency",
        "Frequency must be daily, weekly or monthly",
      ],
      [{ title: " ", frequency: "daily" }, "title", "Please name the chore"],
    ];
    for (const [payload, field, message] of cases) {
      const res = await owner.inject({ method: "POST", url: "/api/chores", payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
      expect(JSON.stringify(res.json().issues), field).toContain(field);
    }
    const daily = await ok(owner, "POST", "/api/chores", { title: "A", frequency: "daily" });
    const patch = await owner.inject({
      method: "PATCH",
      url: `/api/chores/${daily.id}`,
      payload: { weekday: 2 },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().message).toBe("Only a weekly chore has a weekday");
    expect((await owner.inject({ url: "/api/chores" })).json<Chore[]>()).toHaveLength(1);
  });
});
