import { eq } from "drizzle-orm";
import { addDaysIso, todayIso } from "@flockkeeper/shared/schemas/common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hatchCandlings, hatchRecords } from "../../db/schema/index";
import {
  buildUser,
  createTestApp,
  expectPrivate,
  type TestApp,
  type TestUser,
} from "../../test/helpers";

/* Hatching beyond the prototype: profiles, the keeper's countdown, candling, the result, history. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const today = todayIso(new Date());
const on = (start: string, day: number) => addDaysIso(start, day);

async function setEggs(keeper: TestUser, body: Record<string, unknown> = {}, query = "") {
  const res = await keeper.inject({
    method: "POST",
    url: `/api/hatch-records${query}`,
    payload: { eggSource: "Own flock", species: "chicken", incubationStartDate: today, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const snapshot = async (userId: string) => ({
  records: await t.db.select().from(hatchRecords).where(eq(hatchRecords.farmId, userId)),
  candlings: await t.db.select().from(hatchCandlings).where(eq(hatchCandlings.farmId, userId)),
});

describe("GET /api/incubation-profiles", () => {
  it("serves the profiles, public, with Muscovy at 35 days", async () => {
    const res = await t.app.inject({ url: "/api/incubation-profiles" });
    expect(res.statusCode).toBe(200);
    const profiles = res.json() as { id: string; incubationDays: number; candlingDays: number[] }[];
    expect(profiles.find((p) => p.id === "duck-muscovy")?.incubationDays).toBe(35);
    expect(profiles.find((p) => p.id === "quail-bobwhite")?.incubationDays).toBe(23);
    expect(profiles.find((p) => p.id === "chicken-standard")?.candlingDays).toEqual([7, 14, 18]);
  });
});

describe("countdown", () => {
  it.each([
    ["chicken", 21],
    ["duck", 28],
    ["quail", 17],
  ])("a %s set today has %i days left (spec defaults)", async (species, days) => {
    const keeper = await buildUser(t);
    const created = await setEggs(keeper, { species }, `?today=${today}`);
    expect(created).toMatchObject({ daysLeft: days, day: 0, today });
  });

  it("uses the picked profile: Muscovy 35 days, bobwhite 23", async () => {
    const keeper = await buildUser(t);
    const muscovy = await setEggs(keeper, { species: "duck", profileId: "duck-muscovy" });
    expect(muscovy).toMatchObject({
      profileId: "duck-muscovy",
      expectedHatchDate: addDaysIso(today, 35),
      plan: { incubationDays: 35, lockdownDay: 32, lockdownDate: addDaysIso(today, 32) },
    });
    const bobwhite = await setEggs(keeper, { species: "quail", profileId: "quail-bobwhite" });
    expect(bobwhite.expectedHatchDate).toBe(addDaysIso(today, 23));
  });

  it("counts from the keeper's ?today=: 2 days, hatch day (0), overdue (negative)", async () => {
    const keeper = await buildUser(t);
    const start = addDaysIso(today, -21);
    const created = await setEggs(keeper, { incubationStartDate: start });
    const at = async (date: string) =>
      (await keeper.inject({ url: `/api/hatch-records/${created.id}?today=${date}` })).json();
    expect((await at(on(start, 19))).daysLeft).toBe(2);
    expect(await at(on(start, 21))).toMatchObject({ daysLeft: 0, task: { phase: "hatch-day" } });
    expect(await at(on(start, 23))).toMatchObject({ daysLeft: -2, task: { phase: "overdue" } });
    const active = await keeper.inject({ url: `/api/hatch-records/active?today=${on(start, 7)}` });
    expect(active.json()[0]).toMatchObject({
      daysLeft: 14,
      task: { phase: "turning", turn: true, candle: true, nextCandlingDay: 14 },
    });
    const bad = await keeper.inject({ url: `/api/hatch-records/active?today=2024-02-30` });
    expect(bad.statusCode).toBe(400);
  });

  it("refuses a profile of another species or an unknown one, writing nothing", async () => {
    const keeper = await buildUser(t);
    for (const [profileId, message] of [
      ["duck-muscovy", "The Muscovy profile is for duck eggs, not chicken"],
      ["emu-standard", "Unknown incubation profile"],
    ]) {
      const res = await keeper.inject({
        method: "POST",
        url: "/api/hatch-records",
        payload: { eggSource: "x", species: "chicken", incubationStartDate: today, profileId },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await snapshot(keeper.user.id)).records).toHaveLength(0);
  });
});

describe("candling, lockdown and the result (24 Muscovy eggs)", () => {
  async function muscovy(keeper: TestUser) {
    const start = addDaysIso(today, -35);
    const created = await setEggs(keeper, {
      species: "duck",
      breed: "Muscovy",
      profileId: "duck-muscovy",
      eggsSet: 24,
      incubatorName: "Brinsea left",
      incubationStartDate: start,
    });
    return { start, id: created.id as string };
  }

  it("candles 20 fertile on day 10, shows lockdown on day 32, records 17 hatched with the rates", async () => {
    const keeper = await buildUser(t);
    const { start, id } = await muscovy(keeper);
    const candled = await keeper.inject({
      method: "POST",
      url: `/api/hatch-records/${id}/candlings?today=${on(start, 10)}`,
      payload: {
        date: on(start, 10),
        day: 10,
        fertile: 20,
        clear: 4,
        bloodRings: 1,
        notes: "Veins",
      },
    });
    expect(candled.statusCode, candled.body).toBe(201);
    expect(candled.json()).toMatchObject({
      fertile: 20,
      clear: 4,
      quitters: 0,
      eggsDeveloping: 20,
      fertilityPct: 83.3,
      candlings: [{ day: 10, fertile: 20, clear: 4, bloodRings: 1, eggsDeveloping: 20 }],
    });
    const lockdown = await keeper.inject({
      url: `/api/hatch-records/${id}?today=${on(start, 32)}`,
    });
    expect(lockdown.json()).toMatchObject({
      daysLeft: 3,
      task: { phase: "lockdown", lockdownStarts: true, turn: false, candle: true },
    });
    const result = await keeper.inject({
      method: "POST",
      url: `/api/hatch-records/${id}/result?today=${on(start, 35)}`,
      payload: {
        date: on(start, 35),
        hatched: 17,
        pippedNotHatched: 1,
        assisted: 2,
        diedInShell: 1,
      },
    });
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toMatchObject({
      eggsSet: 24,
      fertile: 20,
      hatched: 17,
      eggsHatched: 17,
      success: true,
      resultDate: on(start, 35),
      fertilityPct: 83.3,
      hatchabilityPct: 85,
      hatchOfSetPct: 70.8,
      task: null,
    });
    expect(result.json().actualHatchDate.slice(0, 10)).toBe(on(start, 35));
    // Done: off the active list, in the archive.
    expect((await keeper.inject({ url: "/api/hatch-records/active" })).json()).toEqual([]);
    const archived = await keeper.inject({ url: "/api/hatch-records?status=archived" });
    expect(archived.json().map((h: { id: string }) => h.id)).toEqual([id]);
    expect((await keeper.inject({ url: "/api/hatch-records?status=active" })).json()).toEqual([]);
  });

  it("edits and deletes a candling; eggs still developing = set - clears - quitters", async () => {
    const keeper = await buildUser(t);
    const { start, id } = await muscovy(keeper);
    const first = await keeper.inject({
      method: "POST",
      url: `/api/hatch-records/${id}/candlings`,
      payload: { date: on(start, 10), fertile: 20, clear: 4 },
    });
    const candlingId = first.json().candlings[0].id;
    const later = await keeper.inject({
      method: "POST",
      url: `/api/hatch-records/${id}/candlings`,
      payload: { date: on(start, 20), fertile: 20, clear: 4, quitters: 3 },
    });
    expect(later.json()).toMatchObject({ quitters: 3, eggsDeveloping: 17 });
    const edited = await keeper.inject({
      method: "PATCH",
      url: `/api/hatch-records/${id}/candlings/${candlingId}`,
      payload: { fertile: 19, clear: 5, notes: "Recounted" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().candlings[0]).toMatchObject({ fertile: 19, clear: 5, day: 10 });
    const laterId = later.json().candlings[1].id;
    const deleted = await keeper.inject({
      method: "DELETE",
      url: `/api/hatch-records/${id}/candlings/${laterId}`,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ fertile: 19, eggsDeveloping: 19 });
    expect((await snapshot(keeper.user.id)).candlings).toHaveLength(1);
  });

  it.each([
    [{ fertile: 25, clear: 0 }, "Fertile eggs (25) cannot be more than the 24 eggs set"],
    [{ fertile: 20, clear: 5 }, "Fertile and clear eggs (25) cannot be more than the 24 eggs set"],
    [{ fertile: 2, clear: 0, quitters: 3 }, "Quitters (3) cannot be more than the 2 fertile eggs"],
    [
      { fertile: 20, clear: 4, day: 11 },
      "Day 11 does not match the date: {d10} is day 10 of incubation",
    ],
    [{ fertile: -1, clear: 4 }, "Fertile cannot be negative"],
    [{ fertile: 2.5, clear: 4 }, "Fertile must be a whole number"],
    [{ fertile: 2 }, "Clear must be a number"],
    [{ fertile: 2, clear: 0, date: "" }, "Candling date is required"],
  ])("refuses candling %j: %s, writing nothing", async (payload, message) => {
    const keeper = await buildUser(t);
    const { start, id } = await muscovy(keeper);
    const before = await snapshot(keeper.user.id);
    const res = await keeper.inject({
      method: "POST",
      url: `/api/hatch-records/${id}/candlings`,
      payload: { date: on(start, 10), ...payload },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message.replace("{d10}", on(start, 10)));
    expect(await snapshot(keeper.user.id)).toEqual(before);
  });

  it("refuses a candling after the hatch, before the set, or in the future", async () => {
    const keeper = await buildUser(t);
    const { start, id } = await muscovy(keeper);
    const post = (date: string, query = "") =>
      keeper.inject({
        method: "POST",
        url: `/api/hatch-records/${id}/candlings${query}`,
        payload: { date, fertile: 20, clear: 4 },
      });
    expect((await post(on(start, 38), `?today=${on(start, 40)}`)).json().message).toBe(
      "A candling cannot be after the hatch",
    );
    expect((await post(on(start, -1))).json().message).toBe(
      "A candling cannot be before the eggs were set",
    );
    expect((await post(on(start, 12), `?today=${on(start, 11)}`)).json().message).toBe(
      "Date cannot be in the future",
    );
    await keeper.inject({
      method: "POST",
      url: `/api/hatch-records/${id}/result`,
      payload: { date: on(start, 34), hatched: 10 },
    });
    const afterResult = await post(on(start, 35));
    expect(afterResult.statusCode).toBe(400);
    expect(afterResult.json().message).toBe("A candling cannot be after the hatch");
    expect((await snapshot(keeper.user.id)).candlings).toHaveLength(0);
  });

  it("refuses more hatched than fertile or set, assisted above hatched; nothing half-written", async () => {
    const keeper = await buildUser(t);
    const { start, id } = await muscovy(keeper);
    await keeper.inject({
      method: "POST",
      url: `/api/hatch-records/${id}/candlings`,
      payload: { date: on(start, 10), fertile: 20, clear: 4 },
    });
    const before = await snapshot(keeper.user.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ hatched: 21 }, "Hatched (21) cannot be more than the 20 fertile eggs"],
      [{ hatched: 25 }, "Hatched (25) cannot be more than the 24 eggs set"],
      [
        { hatched: 5, assisted: 6 },
        "Assisted chicks are counted in hatched, so cannot be more than hatched",
      ],
      [
        { hatched: 17, pippedNotHatched: 2, diedInShell: 2 },
        "Hatched, pipped and died-in-shell eggs (21) cannot be more than the 20 fertile eggs",
      ],
      [
        { hatched: 3, date: on(start, -2) },
        "The hatch date cannot be before the incubation start date",
      ],
      [{ hatched: 3, date: on(start, 5) }, "A candling cannot be after the hatch"],
      [{ hatched: 3, date: addDaysIso(today, 5) }, "Date cannot be in the future"],
      [{ hatched: "many" }, "Hatched must be a number"],
    ];
    for (const [payload, message] of cases) {
      const res = await keeper.inject({
        method: "POST",
        url: `/api/hatch-records/${id}/result`,
        payload: { date: on(start, 35), ...payload },
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await snapshot(keeper.user.id)).toEqual(before);
    // A recorded result cannot be undercut by a later correction of the candling.
    await keeper.inject({
      method: "POST",
      url: `/api/hatch-records/${id}/result`,
      payload: { date: on(start, 35), hatched: 17 },
    });
    const candlingId = before.candlings[0]!.id;
    const undercut = await keeper.inject({
      method: "PATCH",
      url: `/api/hatch-records/${id}/candlings/${candlingId}`,
      payload: { fertile: 15, clear: 9 },
    });
    expect(undercut.statusCode).toBe(400);
    expect(undercut.json().message).toBe("Hatched (17) cannot be more than the 15 fertile eggs");
    const removal = await keeper.inject({
      method: "DELETE",
      url: `/api/hatch-records/${id}/candlings/${candlingId}`,
    });
    expect(removal.statusCode).toBe(200);
  });
});

describe("batches and history", () => {
  it("lists several batches in named incubators by hatch date", async () => {
    const keeper = await buildUser(t);
    await setEggs(keeper, { species: "duck", incubatorName: "Big one", eggsSet: 12 });
    await setEggs(keeper, { species: "quail", incubatorName: "Small one", eggsSet: 30 });
    await setEggs(keeper, { incubatorName: "Small one", eggsSet: 6 });
    const active = (await keeper.inject({ url: "/api/hatch-records/active" })).json();
    expect(active.map((h: { species: string }) => h.species)).toEqual(["quail", "chicken", "duck"]);
    expect(active.map((h: { incubatorName: string }) => h.incubatorName)).toEqual([
      "Small one",
      "Small one",
      "Big one",
    ]);
  });

  it("summarises finished hatches per breed", async () => {
    const keeper = await buildUser(t);
    const start = addDaysIso(today, -30);
    const hatch = async (breed: string, set: number, fertile: number | null, hatched: number) => {
      const h = await setEggs(keeper, { breed, eggsSet: set, incubationStartDate: start });
      if (fertile !== null)
        await keeper.inject({
          method: "POST",
          url: `/api/hatch-records/${h.id}/candlings`,
          payload: { date: on(start, 7), fertile, clear: set - fertile },
        });
      await keeper.inject({
        method: "POST",
        url: `/api/hatch-records/${h.id}/result`,
        payload: { date: on(start, 21), hatched },
      });
    };
    await hatch("Marans", 12, 10, 8);
    await hatch(" marans ", 12, 11, 9);
    await hatch("Silkie", 6, null, 3);
    await setEggs(keeper, { breed: "Silkie", eggsSet: 6 }); // still incubating: not in history
    const history = (await keeper.inject({ url: "/api/hatch-records/history" })).json();
    expect(history).toEqual([
      {
        species: "chicken",
        breed: "Marans",
        hatches: 2,
        eggsSet: 24,
        fertile: 21,
        eggsSetCandled: 24,
        hatched: 17,
        hatchedOfCandled: 17,
        fertilityPct: 87.5,
        hatchabilityPct: 81,
        hatchOfSetPct: 70.8,
      },
      {
        species: "chicken",
        breed: "Silkie",
        hatches: 1,
        eggsSet: 6,
        fertile: 0,
        eggsSetCandled: 0,
        hatched: 3,
        hatchedOfCandled: 0,
        fertilityPct: null,
        hatchabilityPct: null,
        hatchOfSetPct: 50,
      },
    ]);
  });
});

describe("privacy", () => {
  it("keeps every hatching route to its keeper (401 signed out, 404 for another keeper)", async () => {
    const owner = await buildUser(t);
    const h = await setEggs(owner, { eggsSet: 10, incubationStartDate: addDaysIso(today, -8) });
    const candled = await owner.inject({
      method: "POST",
      url: `/api/hatch-records/${h.id}/candlings`,
      payload: { date: addDaysIso(today, -1), fertile: 8, clear: 2 },
    });
    const candlingId = candled.json().candlings[0].id;
    await expectPrivate(t, { method: "GET", url: `/api/hatch-records/${h.id}` });
    await expectPrivate(t, { method: "GET", url: "/api/hatch-records/history" }, { list: true });
    await expectPrivate(t, {
      method: "POST",
      url: `/api/hatch-records/${h.id}/candlings`,
      payload: { date: today, fertile: 1, clear: 0 },
    });
    await expectPrivate(t, {
      method: "PATCH",
      url: `/api/hatch-records/${h.id}/candlings/${candlingId}`,
      payload: { fertile: 1 },
    });
    await expectPrivate(t, {
      method: "DELETE",
      url: `/api/hatch-records/${h.id}/candlings/${candlingId}`,
    });
    await expectPrivate(t, {
      method: "POST",
      url: `/api/hatch-records/${h.id}/result`,
      payload: { date: today, hatched: 1 },
    });
    const after = await snapshot(owner.user.id);
    expect(after.candlings).toHaveLength(1);
    expect(after.records[0]?.success).toBeNull();
    // Another keeper's candling id under the keeper's own record is not found either.
    const other = await buildUser(t);
    const own = await setEggs(other);
    const cross = await other.inject({
      method: "DELETE",
      url: `/api/hatch-records/${own.id}/candlings/${candlingId}`,
    });
    expect(cross.statusCode).toBe(404);
  });
});
