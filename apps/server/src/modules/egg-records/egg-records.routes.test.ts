import { eq } from "drizzle-orm";
import { addDaysIso, todayIso } from "@flockkeeper/shared/schemas/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eggRecordList, eggRecordListItem } from "@flockkeeper/shared/schemas/egg-record";
import { eggRecords } from "../../db/schema/index";
import {
  buildUser,
  createTestApp,
  expectPrivate,
  type TestApp,
  type TestUser,
} from "../../test/helpers";
import { postChicken } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const today = todayIso(new Date());

const addBird = async (keeper: TestUser, body: Record<string, unknown> = {}) =>
  (await postChicken(keeper, body)).id;

async function addEggs(
  keeper: TestUser,
  chickenId: string,
  date: string,
  eggsLaid: number,
  extra = {},
) {
  const res = await keeper.inject({
    method: "POST",
    url: "/api/egg-records",
    payload: { chickenId, date, eggsLaid, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const rowsOf = async (userId: string) =>
  t.db.select().from(eggRecords).where(eq(eggRecords.farmId, userId));

describe("POST /api/egg-records", () => {
  it("adds a record and lists it (default: last 30 days, newest first)", async () => {
    const keeper = await buildUser(t);
    const bird = await addBird(keeper);
    const created = await addEggs(keeper, bird, today, 2, {
      eggQuality: "excellent",
      eggSize: "large",
      notes: 'Warm "nest" \\ ✓\nsecond line',
    });
    expect(created).toMatchObject({
      chickenId: bird,
      date: today,
      eggsLaid: 2,
      eggQuality: "excellent",
      eggSize: "large",
      notes: 'Warm "nest" \\ ✓\nsecond line',
    });
    await addEggs(keeper, bird, addDaysIso(today, -29), 1);
    await addEggs(keeper, bird, addDaysIso(today, -30), 1); // outside the default window
    const list = await keeper.inject({ url: "/api/egg-records" });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((r: { date: string }) => r.date)).toEqual([
      today,
      addDaysIso(today, -29),
    ]);
    // The list's JSON is built by the database: the same record, field for field, as the POST's,
    // less the farm (the farm in use) and the last author.
    expect(list.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(created).toMatchObject({ farmId: expect.any(String), updatedBy: keeper.user.id });
    // `withheld` is only listed when true (no treatment here: the POST answered false).
    expect(created.withheld).toBe(false);
    expect(list.json()[0]).toEqual(eggRecordListItem.parse({ ...created, withheld: undefined }));
    expect(list.json()[0].createdBy).toBe(keeper.user.id);
    expect(eggRecordList.parse(list.json())).toHaveLength(2);
  });

  it("accepts null quality and size, numeric text, and a date-time (as a Date serialises)", async () => {
    const keeper = await buildUser(t);
    const bird = await addBird(keeper);
    const created = await addEggs(
      keeper,
      bird,
      `${today}T00:00:00.000Z`,
      "3" as unknown as number,
      {
        eggQuality: null,
        eggSize: null,
        notes: null,
      },
    );
    expect(created).toMatchObject({
      date: today,
      eggsLaid: 3,
      eggQuality: null,
      eggSize: null,
      notes: null,
    });
  });

  it.each([
    [{ chickenId: undefined, date: today, eggsLaid: 1 }, "Please select a chicken"],
    [{ chickenId: "", date: today, eggsLaid: 1 }, "Please select a chicken"],
    [{ chickenId: "abc", date: today, eggsLaid: 1 }, "Please select a chicken"],
    [{ date: today, eggsLaid: -1 }, "Cannot be negative"],
    [{ date: today, eggsLaid: 11 }, "Maximum 10 eggs per day"],
    [{ date: today, eggsLaid: "abc" }, "Eggs laid must be a number"],
    [{ date: today, eggsLaid: 1.5 }, "Eggs laid must be a whole number"],
    [{ date: addDaysIso(today, 3), eggsLaid: 1 }, "Date cannot be in the future"],
    [{ date: "1899-12-31", eggsLaid: 1 }, "Date cannot be before 1900-01-01"],
    [{ date: "2024-02-30", eggsLaid: 1 }, "Date must be a valid date (YYYY-MM-DD)"],
    [{ date: "yesterday", eggsLaid: 1 }, "Date must be a valid date (YYYY-MM-DD)"],
    [
      { date: today, eggsLaid: 1, eggQuality: "rotten" },
      "Egg quality must be excellent, good, poor, soft_shell or double_yolk",
    ],
    [
      { date: today, eggsLaid: 1, eggSize: "huge" },
      "Egg size must be small, medium, large or jumbo",
    ],
  ])("refuses %j with '%s' and writes nothing", async (body, message) => {
    const keeper = await buildUser(t);
    const bird = await addBird(keeper);
    const payload = "chickenId" in body ? body : { chickenId: bird, ...body };
    const res = await keeper.inject({ method: "POST", url: "/api/egg-records", payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await rowsOf(keeper.user.id)).toHaveLength(0);
  });

  it("answers 404 for a record against another keeper's bird, and writes nothing", async () => {
    const owner = await buildUser(t);
    const bird = await addBird(owner);
    const stranger = await buildUser(t);
    const res = await stranger.inject({
      method: "POST",
      url: "/api/egg-records",
      payload: { chickenId: bird, date: today, eggsLaid: 4 },
    });
    expect(res.statusCode).toBe(404);
    expect(await rowsOf(stranger.user.id)).toHaveLength(0);
    expect(await rowsOf(owner.user.id)).toHaveLength(0);
    const signedOut = await t.app.inject({
      method: "POST",
      url: "/api/egg-records",
      payload: { chickenId: bird, date: today, eggsLaid: 4 },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe("POST /api/egg-records/batch (quick daily form)", () => {
  it("records a day's count for several birds at once", async () => {
    const keeper = await buildUser(t);
    const a = await addBird(keeper, { name: "A" });
    const b = await addBird(keeper, { name: "B", species: "duck" });
    const res = await keeper.inject({
      method: "POST",
      url: "/api/egg-records/batch",
      payload: {
        date: today,
        records: [
          { chickenId: a, eggsLaid: 1 },
          { chickenId: b, eggsLaid: 2, eggQuality: "good" },
        ],
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toHaveLength(2);
    expect(await rowsOf(keeper.user.id)).toHaveLength(2);
  });

  it("writes nothing when one count is bad or one bird is someone else's", async () => {
    const keeper = await buildUser(t);
    const a = await addBird(keeper);
    const other = await addBird(await buildUser(t));
    const bad = await keeper.inject({
      method: "POST",
      url: "/api/egg-records/batch",
      payload: {
        date: today,
        records: [
          { chickenId: a, eggsLaid: 1 },
          { chickenId: a, eggsLaid: 11 },
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    const foreign = await keeper.inject({
      method: "POST",
      url: "/api/egg-records/batch",
      payload: {
        date: today,
        records: [
          { chickenId: a, eggsLaid: 1 },
          { chickenId: other, eggsLaid: 1 },
        ],
      },
    });
    expect(foreign.statusCode).toBe(404);
    const empty = await keeper.inject({
      method: "POST",
      url: "/api/egg-records/batch",
      payload: { date: today, records: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Enter at least one count");
    expect(await rowsOf(keeper.user.id)).toHaveLength(0);
  });
});

describe("GET /api/egg-records", () => {
  it("filters by bird and by date range", async () => {
    const keeper = await buildUser(t);
    const a = await addBird(keeper);
    const b = await addBird(keeper);
    await addEggs(keeper, a, "2024-05-01", 1);
    await addEggs(keeper, b, "2024-05-02", 2);
    await addEggs(keeper, a, "2024-06-01", 3);
    const may = await keeper.inject({
      url: "/api/egg-records?startDate=2024-05-01&endDate=2024-05-31",
    });
    expect(may.json()).toHaveLength(2);
    const mayA = await keeper.inject({
      url: `/api/egg-records?startDate=2024-05-01&endDate=2024-05-31&chickenId=${a}`,
    });
    expect(mayA.json().map((r: { eggsLaid: number }) => r.eggsLaid)).toEqual([1]);
    const iso = await keeper.inject({
      url: "/api/egg-records?startDate=2024-05-01T00:00:00.000Z&endDate=2024-06-30T00:00:00.000Z",
    });
    expect(iso.json()).toHaveLength(3);
  });

  it.each([
    ["startDate=2024-13-01", "Date must be a valid date (YYYY-MM-DD)"],
    ["startDate=2024-06-01&endDate=2024-05-01", "startDate must not be after endDate"],
    ["startDate=2020-01-01&endDate=2024-01-01", "The date range can be at most 366 days"],
    ["chickenId=7", "Invalid chickenId"],
  ])("refuses ?%s", async (query, message) => {
    const keeper = await buildUser(t);
    const res = await keeper.inject({ url: `/api/egg-records?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("lists each record's stored text, kept up to date when a record changes", async () => {
    // The list joins texts a trigger writes (migrations 0010, 0017): an edit must show, escaping
    // must hold.
    const keeper = await buildUser(t);
    const bird = await addBird(keeper);
    const added = await addEggs(keeper, bird, "2024-07-01", 1, { notes: 'say "hi"\n\\ \u{1F95A}' });
    const listed = async () =>
      (
        await keeper.inject({ url: "/api/egg-records?startDate=2024-07-01&endDate=2024-07-31" })
      ).json();
    const item = eggRecordListItem.parse({ ...added, withheld: undefined });
    expect(await listed()).toEqual([item]);
    // Through the API, as a keeper edits (the read cache, on in CI's PostgreSQL pass, then hears of it).
    const edited = await keeper.inject({
      method: "PATCH",
      url: `/api/egg-records/${added.id}`,
      payload: { eggsLaid: 3, notes: null, eggQuality: "double_yolk", date: "2024-07-02" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await listed()).toEqual([
      { ...item, eggsLaid: 3, notes: null, eggQuality: "double_yolk", date: "2024-07-02" },
    ]);
    expect(eggRecordList.parse(await listed())).toHaveLength(1);
  });

  it("keeps each keeper's records private", async () => {
    const owner = await buildUser(t);
    const bird = await addBird(owner);
    await addEggs(owner, bird, today, 2);
    await expectPrivate(t, { method: "GET", url: "/api/egg-records" }, { list: true });
    await expectPrivate(
      t,
      { method: "GET", url: `/api/egg-records?chickenId=${bird}` },
      { list: true },
    );
  });
});

describe("stats and analytics", () => {
  it("counts today, this week, 30 days and the lay rate of the hens", async () => {
    const keeper = await buildUser(t);
    const a = await addBird(keeper);
    const b = await addBird(keeper);
    await addBird(keeper, { sex: "rooster" });
    await addEggs(keeper, a, today, 1);
    await addEggs(keeper, b, today, 1);
    await addEggs(keeper, a, addDaysIso(today, -6), 1);
    await addEggs(keeper, a, addDaysIso(today, -7), 1);
    await addEggs(keeper, b, addDaysIso(today, -29), 2);
    await addEggs(keeper, b, addDaysIso(today, -30), 5);
    const res = await keeper.inject({ url: `/api/egg-records/stats?today=${today}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      today,
      eggsToday: 2,
      eggsThisWeek: 3,
      eggsLast30Days: 6,
      layingBirds: 2,
      // Over the days that have records only (issue 19), not over 30 and 7.
      layRate: 75, // 6 / (2 hens x 4 days)
      weekLayRate: 75, // 3 / (2 hens x 2 days)
      daysWithRecords: 4,
      weekDaysWithRecords: 2,
    });
    const one = await keeper.inject({ url: `/api/egg-records/stats?chickenId=${a}` });
    expect(one.json()).toMatchObject({
      eggsToday: 1,
      eggsThisWeek: 2,
      eggsLast30Days: 3,
      layingBirds: 1,
      layRate: 100, // 3 eggs on her 3 days with records
      daysWithRecords: 3,
    });
  });

  it("sums eggs per day, per bird, per quality and size over a range", async () => {
    const keeper = await buildUser(t);
    const a = await addBird(keeper);
    const b = await addBird(keeper);
    await addEggs(keeper, a, "2024-05-01", 1, { eggQuality: "good", eggSize: "medium" });
    await addEggs(keeper, b, "2024-05-01", 2, { eggQuality: "good", eggSize: "large" });
    await addEggs(keeper, a, "2024-05-03", 1, { eggQuality: "double_yolk" });
    const res = await keeper.inject({
      url: "/api/egg-records/analytics?startDate=2024-05-01&endDate=2024-05-07",
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.daily).toEqual([
      { date: "2024-05-01", eggs: 3, records: 2 },
      { date: "2024-05-03", eggs: 1, records: 1 },
    ]);
    expect(body.perBird).toEqual(
      expect.arrayContaining([
        { chickenId: a, eggs: 2, days: 2 },
        { chickenId: b, eggs: 2, days: 1 },
      ]),
    );
    expect(body.quality).toEqual(
      expect.arrayContaining([
        { quality: "good", eggs: 3 },
        { quality: "double_yolk", eggs: 1 },
      ]),
    );
    expect(body.size).toEqual(
      expect.arrayContaining([
        { size: "large", eggs: 2 },
        { size: null, eggs: 1 },
      ]),
    );
  });

  it("keeps stats and analytics private", async () => {
    const owner = await buildUser(t);
    const bird = await addBird(owner);
    await addEggs(owner, bird, today, 2);
    for (const url of ["/api/egg-records/stats", "/api/egg-records/analytics"]) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    const stranger = await buildUser(t);
    expect((await stranger.inject({ url: "/api/egg-records/stats" })).json()).toMatchObject({
      eggsToday: 0,
      layingBirds: 0,
    });
    expect(
      (await stranger.inject({ url: `/api/egg-records/stats?chickenId=${bird}` })).statusCode,
    ).toBe(404);
    expect(
      (await stranger.inject({ url: `/api/egg-records/analytics?chickenId=${bird}` })).statusCode,
    ).toBe(404);
    expect((await stranger.inject({ url: "/api/egg-records/analytics" })).json().daily).toEqual([]);
  });
});
