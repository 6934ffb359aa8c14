import { eq } from "drizzle-orm";
import { addDaysIso, todayIso } from "@flockkeeper/shared/schemas/common";
import type { HatchBreederHistoryEntry } from "@flockkeeper/shared/schemas/hatch-record";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hatchRecords } from "../../db/schema/index";
import {
  buildUser,
  createTestApp,
  expectPrivate,
  type TestApp,
  type TestUser,
} from "../../test/helpers";

/* Issue 21 item 4: the breeders of a hatch (sire, dam or a breeding flock) and the history per pair. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const today = todayIso(new Date());
const start = addDaysIso(today, -40);
const on = (day: number) => addDaysIso(start, day);

async function post<T = { id: string }>(keeper: TestUser, url: string, payload: object) {
  const res = await keeper.inject({ method: "POST", url, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<T>();
}

const bird = (keeper: TestUser, name: string, species: string, sex: string, bandId?: string) =>
  post(keeper, "/api/chickens", { name, breed: "Pekin", species, sex, bandId });

const flock = (keeper: TestUser, name: string, species: string) =>
  post(keeper, "/api/flocks", { name, species, startDate: addDaysIso(today, -300), headcount: 6 });

/** A finished hatch: set, candled on day 10 (when `fertile` is given), hatched on day 28. */
async function finished(
  keeper: TestUser,
  breeders: Record<string, string>,
  eggsSet: number,
  fertile: number | null,
  hatched: number,
) {
  const h = await post(keeper, "/api/hatch-records", {
    eggSource: "Own pen",
    species: "duck",
    incubationStartDate: start,
    eggsSet,
    ...breeders,
  });
  if (fertile !== null)
    await post(keeper, `/api/hatch-records/${h.id}/candlings`, {
      date: on(10),
      fertile,
      clear: eggsSet - fertile,
    });
  await post(keeper, `/api/hatch-records/${h.id}/result`, { date: on(28), hatched });
  return h.id;
}

const rowsOf = (farmId: string) =>
  t.db.select().from(hatchRecords).where(eq(hatchRecords.farmId, farmId));

describe("breeders of a hatch", () => {
  it("stores sire, dam and breeding flock, and groups finished hatches per pair with the rates", async () => {
    const keeper = await buildUser(t);
    const drake = await bird(keeper, "Donald", "duck", "male", "D1");
    const duck = await bird(keeper, "Daisy", "duck", "female");
    const pen = await flock(keeper, "Breeding pen", "duck");
    const pair = { sireId: drake.id, damId: duck.id };
    const first = await finished(keeper, pair, 12, 10, 8);
    await finished(keeper, pair, 12, 11, 10);
    await finished(keeper, { breedingFlockId: pen.id }, 20, null, 9);
    await finished(keeper, {}, 6, 6, 6); // no breeder named: only in the per-breed history
    const one = (await keeper.inject({ url: `/api/hatch-records/${first}` })).json();
    expect(one).toMatchObject({ sireId: drake.id, damId: duck.id, breedingFlockId: null });

    const res = await keeper.inject({ url: "/api/hatch-records/history/breeders" });
    expect(res.statusCode).toBe(200);
    const history = res.json<HatchBreederHistoryEntry[]>();
    expect(history.map((g) => [g.sire?.name ?? null, g.dam?.name ?? null])).toEqual([
      [null, null],
      ["Donald (D1)", "Daisy"],
    ]);
    const [penGroup, pairGroup] = history;
    expect(penGroup).toMatchObject({
      breedingFlock: { id: pen.id, name: "Breeding pen" },
      hatches: 1,
      eggsSet: 20,
      hatched: 9,
      fertilityPct: null,
      hatchabilityPct: null,
      hatchOfSetPct: 45,
    });
    // fertility = 21 fertile / 24 set; hatchability = 18 hatched / 21 fertile, 18 / 24 of set.
    expect(pairGroup).toMatchObject({
      species: "duck",
      sire: { id: drake.id, name: "Donald (D1)" },
      dam: { id: duck.id, name: "Daisy" },
      breedingFlock: null,
      hatches: 2,
      eggsSet: 24,
      fertile: 21,
      hatched: 18,
      fertilityPct: 87.5,
      hatchabilityPct: 85.7,
      hatchOfSetPct: 75,
    });
    expect(
      pairGroup!.hatchList.map((h) => [h.fertilityPct, h.hatchabilityPct, h.hatchOfSetPct]),
    ).toEqual([
      [83.3, 80, 66.7],
      [91.7, 90.9, 83.3],
    ]);
  });

  it("changes and clears the breeders with PATCH", async () => {
    const keeper = await buildUser(t);
    const drake = await bird(keeper, "Donald", "duck", "male");
    const h = await post(keeper, "/api/hatch-records", {
      eggSource: "Own pen",
      species: "duck",
      incubationStartDate: start,
    });
    const set = await keeper.inject({
      method: "PATCH",
      url: `/api/hatch-records/${h.id}`,
      payload: { sireId: drake.id },
    });
    expect(set.json()).toMatchObject({ sireId: drake.id });
    // A species change with the drake kept is refused; clearing him with it is accepted.
    const kept = await keeper.inject({
      method: "PATCH",
      url: `/api/hatch-records/${h.id}`,
      payload: { species: "chicken" },
    });
    expect(kept.statusCode).toBe(400);
    expect(kept.json()).toMatchObject({
      field: "sireId",
      message: "The sire must be of the same species as the eggs",
    });
    const cleared = await keeper.inject({
      method: "PATCH",
      url: `/api/hatch-records/${h.id}`,
      payload: { species: "chicken", sireId: null },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ species: "chicken", sireId: null });
  });

  it("refuses breeders of another species, sex or farm with a 4xx naming the field, writing nothing", async () => {
    const keeper = await buildUser(t);
    const other = await buildUser(t);
    const drake = await bird(keeper, "Donald", "duck", "male");
    const duck = await bird(keeper, "Daisy", "duck", "female");
    const rooster = await bird(keeper, "Red", "chicken", "rooster");
    const hens = await flock(keeper, "Hens", "chicken");
    const theirs = await bird(other, "Theirs", "duck", "male");
    const theirFlock = await flock(other, "Their pen", "duck");
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ sireId: duck.id }, 400, "sireId", "The sire must be male"],
      [{ damId: drake.id }, 400, "damId", "The dam must be female"],
      [{ sireId: rooster.id }, 400, "sireId", "The sire must be of the same species as the eggs"],
      [
        { breedingFlockId: hens.id },
        400,
        "breedingFlockId",
        "The breeding flock must be of the same species as the eggs",
      ],
      [{ sireId: theirs.id }, 404, "sireId", "The sire was not found"],
      [
        { breedingFlockId: theirFlock.id },
        404,
        "breedingFlockId",
        "The breeding flock was not found",
      ],
    ];
    for (const [breeders, status, field, message] of cases) {
      const res = await keeper.inject({
        method: "POST",
        url: "/api/hatch-records",
        payload: { eggSource: "x", species: "duck", incubationStartDate: today, ...breeders },
      });
      expect(res.statusCode, JSON.stringify(breeders)).toBe(status);
      expect(res.json()).toMatchObject({ field, message });
    }
    const bad = await keeper.inject({
      method: "POST",
      url: "/api/hatch-records",
      payload: { eggSource: "x", species: "duck", incubationStartDate: today, damId: "nope" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Invalid dam id");
    expect(await rowsOf(keeper.user.id)).toHaveLength(0);
  });

  it("keeps a hatch when its breeder is deleted (the breeder reads null)", async () => {
    const keeper = await buildUser(t);
    const drake = await bird(keeper, "Donald", "duck", "male");
    const id = await finished(keeper, { sireId: drake.id }, 10, 8, 7);
    const gone = await keeper.inject({ method: "DELETE", url: `/api/chickens/${drake.id}` });
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    const one = (await keeper.inject({ url: `/api/hatch-records/${id}` })).json();
    expect(one).toMatchObject({ sireId: null, hatched: 7 });
  });

  it("keeps the breeder history to its keeper", async () => {
    await expectPrivate(
      t,
      { method: "GET", url: "/api/hatch-records/history/breeders" },
      { list: true },
    );
  });
});
