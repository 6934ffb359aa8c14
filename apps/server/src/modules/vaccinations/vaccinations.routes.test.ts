import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso, todayIso } from "@flockkeeper/shared/schemas/common";
import {
  buildUser,
  createTestApp,
  expectPrivate,
  type TestApp,
  type TestUser,
} from "../../test/helpers";

let t: TestApp;
const today = todayIso(new Date());
const daysAgo = (n: number) => addDaysIso(today, -n);
/** The same calendar day one year later (test dates avoid 29 February). */
const plusYear = (d: string) => `${Number(d.slice(0, 4)) + 1}${d.slice(4)}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function add(keeper: TestUser, payload: Record<string, unknown>) {
  return keeper.inject({ method: "POST", url: "/api/vaccinations", payload });
}

describe("POST /api/vaccinations", () => {
  it("creates records with the spec's next-due dates, completed when added", async () => {
    const keeper = await buildUser(t);
    const newcastle = await add(keeper, {
      vaccine: "Newcastle Disease",
      birdName: "  Henrietta ",
      date: "2025-03-10",
      notes: "Eye drop",
    });
    expect(newcastle.statusCode).toBe(201);
    expect(newcastle.json()).toMatchObject({
      vaccine: "Newcastle Disease",
      birdId: null,
      birdName: "Henrietta",
      date: "2025-03-10",
      nextDue: "2026-03-10",
      notes: "Eye drop",
    });

    const mareks = await add(keeper, {
      vaccine: "Marek's Disease",
      birdName: "Chick 1",
      date: today,
    });
    expect(mareks.json()).toMatchObject({ nextDue: today, status: "completed", notes: null });

    for (const vaccine of ["Infectious Bronchitis", "Fowl Pox"]) {
      const res = await add(keeper, { vaccine, birdName: "B", date: today });
      expect(res.json(), vaccine).toMatchObject({ nextDue: plusYear(today), status: "completed" });
    }
    for (const vaccine of ["Coccidiosis", "Infectious Laryngotracheitis"]) {
      const res = await add(keeper, { vaccine, birdName: "B", date: daysAgo(3) });
      expect(res.json(), vaccine).toMatchObject({ nextDue: daysAgo(3), status: "completed" });
    }
  });

  it("derives due and overdue from the next-due date", async () => {
    const keeper = await buildUser(t);
    const due = await add(keeper, { vaccine: "Fowl Pox", birdName: "Dot", date: daysAgo(355) });
    expect(due.json().status).toBe("due");
    const overdue = await add(keeper, {
      vaccine: "Infectious Bronchitis",
      birdName: "Pip",
      date: daysAgo(400),
    });
    expect(overdue.json().status).toBe("overdue");
  });

  it("rejects an unknown vaccine, a bad or future date and a missing bird name", async () => {
    const keeper = await buildUser(t);
    const ok = { vaccine: "Fowl Pox", birdName: "Dot", date: "2025-01-02" };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...ok, vaccine: "Bird Flu" }, "Please choose a vaccine"],
      [{ ...ok, vaccine: undefined }, "Please choose a vaccine"],
      [{ ...ok, date: "2025-02-30" }, "Date must be a valid date (YYYY-MM-DD)"],
      [{ ...ok, date: "yesterday" }, "Date must be a valid date (YYYY-MM-DD)"],
      [{ ...ok, date: "" }, "Date must be a valid date (YYYY-MM-DD)"],
      [{ ...ok, date: addDaysIso(today, 5) }, "Date cannot be in the future"],
      [{ ...ok, birdName: "   " }, "Bird name is required"],
      [{ ...ok, birdName: undefined }, "Bird name is required"],
      [{ ...ok, birdId: "not-a-uuid" }, "Invalid bird id"],
    ];
    for (const [payload, message] of cases) {
      const res = await add(keeper, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect((await keeper.inject({ method: "GET", url: "/api/vaccinations" })).json()).toEqual([]);
  });

  it("links a bird from the keeper's flock, never another keeper's", async () => {
    const keeper = await buildUser(t);
    const hen = await keeper.inject({
      method: "POST",
      url: "/api/chickens",
      payload: { name: "Clucky", breed: "Silkie", sex: "hen" },
    });
    expect(hen.statusCode).toBe(201);
    const birdId = hen.json().id as string;
    const linked = await add(keeper, {
      vaccine: "Coccidiosis",
      birdId,
      birdName: "Clucky",
      date: today,
    });
    expect(linked.statusCode).toBe(201);
    expect(linked.json().birdId).toBe(birdId);

    const stranger = await buildUser(t);
    const res = await add(stranger, { vaccine: "Coccidiosis", birdId, birdName: "X", date: today });
    expect(res.statusCode).toBe(404);
    const missing = await add(keeper, {
      vaccine: "Coccidiosis",
      birdId: randomUUID(),
      birdName: "X",
      date: today,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("needs a signed-in keeper", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/vaccinations",
      payload: { vaccine: "Fowl Pox", birdName: "Dot", date: today },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("GET /api/vaccinations", () => {
  it("lists only the keeper's records, latest first", async () => {
    const keeper = await buildUser(t);
    await add(keeper, { vaccine: "Fowl Pox", birdName: "A", date: daysAgo(10) });
    await add(keeper, { vaccine: "Coccidiosis", birdName: "B", date: daysAgo(2) });
    const res = await keeper.inject({ method: "GET", url: "/api/vaccinations" });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { birdName: string }) => r.birdName)).toEqual(["B", "A"]);
    await expectPrivate(t, { method: "GET", url: "/api/vaccinations" }, { list: true });
  });
});

describe("PATCH /api/vaccinations/:id/done", () => {
  it("records a new dose for a due or overdue record and keeps the earlier one with its date and notes", async () => {
    const keeper = await buildUser(t);
    const overdue = (
      await add(keeper, {
        vaccine: "Newcastle Disease",
        birdName: "Pip",
        date: daysAgo(400),
        notes: "First dose, batch 42",
      })
    ).json();
    expect(overdue.status).toBe("overdue");
    const res = await keeper.inject({
      method: "PATCH",
      url: `/api/vaccinations/${overdue.id}/done`,
    });
    expect(res.statusCode).toBe(200);
    const dose = res.json();
    expect(dose.id).not.toBe(overdue.id);
    expect(dose).toMatchObject({
      vaccine: "Newcastle Disease",
      birdName: "Pip",
      date: today,
      nextDue: plusYear(today),
      status: "completed",
      notes: null,
    });
    const list = (await keeper.inject({ method: "GET", url: "/api/vaccinations" })).json();
    expect(list.map((r: { id: string }) => r.id)).toEqual([dose.id, overdue.id]);
    // The earlier dose is kept as it was, and no longer counts as overdue.
    expect(list[1]).toMatchObject({
      date: daysAgo(400),
      notes: "First dose, batch 42",
      status: "completed",
    });
    // Done once: the earlier dose cannot be marked done again.
    const again = await keeper.inject({
      method: "PATCH",
      url: `/api/vaccinations/${overdue.id}/done`,
    });
    expect(again.statusCode).toBe(409);

    const due = (
      await add(keeper, { vaccine: "Fowl Pox", birdName: "Dot", date: daysAgo(355) })
    ).json();
    const withDate = await keeper.inject({
      method: "PATCH",
      url: `/api/vaccinations/${due.id}/done`,
      payload: { date: daysAgo(1) },
    });
    expect(withDate.statusCode).toBe(200);
    expect(withDate.json()).toMatchObject({ date: daysAgo(1), nextDue: plusYear(daysAgo(1)) });
  });

  it("refuses a record that is not due, bad dates, and other keepers' records", async () => {
    const keeper = await buildUser(t);
    const fresh = (
      await add(keeper, { vaccine: "Newcastle Disease", birdName: "Pip", date: today })
    ).json();
    const notDue = await keeper.inject({
      method: "PATCH",
      url: `/api/vaccinations/${fresh.id}/done`,
    });
    expect(notDue.statusCode).toBe(409);
    expect(notDue.json().message).toBe("This vaccination is not due yet");

    const overdue = (
      await add(keeper, { vaccine: "Newcastle Disease", birdName: "Pop", date: daysAgo(400) })
    ).json();
    const before = await keeper.inject({
      method: "PATCH",
      url: `/api/vaccinations/${overdue.id}/done`,
      payload: { date: daysAgo(500) },
    });
    expect(before.statusCode).toBe(400);
    const future = await keeper.inject({
      method: "PATCH",
      url: `/api/vaccinations/${overdue.id}/done`,
      payload: { date: addDaysIso(today, 9) },
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe("Date cannot be in the future");
    const badId = await keeper.inject({ method: "PATCH", url: "/api/vaccinations/123/done" });
    expect(badId.statusCode).toBe(400);
    const missing = await keeper.inject({
      method: "PATCH",
      url: `/api/vaccinations/${randomUUID()}/done`,
    });
    expect(missing.statusCode).toBe(404);

    await expectPrivate(t, { method: "PATCH", url: `/api/vaccinations/${overdue.id}/done` });
    // Still overdue: the stranger changed nothing.
    const list = (await keeper.inject({ method: "GET", url: "/api/vaccinations" })).json();
    expect(list.find((r: { id: string }) => r.id === overdue.id).status).toBe("overdue");
  });
});

describe("DELETE /api/vaccinations/:id", () => {
  it("deletes the keeper's record and hides others'", async () => {
    const keeper = await buildUser(t);
    const rec = (await add(keeper, { vaccine: "Fowl Pox", birdName: "A", date: today })).json();
    await expectPrivate(t, { method: "DELETE", url: `/api/vaccinations/${rec.id}` });
    const del = await keeper.inject({ method: "DELETE", url: `/api/vaccinations/${rec.id}` });
    expect(del.statusCode).toBe(204);
    const again = await keeper.inject({ method: "DELETE", url: `/api/vaccinations/${rec.id}` });
    expect(again.statusCode).toBe(404);
  });
});

describe("POST /api/vaccinations/import", () => {
  it("moves local records into the account once", async () => {
    const keeper = await buildUser(t);
    const records = [
      { id: "local-1", vaccine: "Newcastle Disease", birdName: "Pip", date: daysAgo(400) },
      { id: "local-2", vaccine: "Marek's Disease", birdName: "Chick", date: daysAgo(1), notes: "" },
      // A bird id from someone else's flock (or none at all) is dropped; the name stays.
      { id: "local-3", vaccine: "Fowl Pox", birdId: randomUUID(), birdName: "Dot", date: today },
    ];
    const res = await keeper.inject({
      method: "POST",
      url: "/api/vaccinations/import",
      payload: { records },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().imported).toBe(3);
    expect(res.json().records).toHaveLength(3);
    const pip = res.json().records.find((r: { birdName: string }) => r.birdName === "Pip");
    expect(pip).toMatchObject({ status: "overdue", nextDue: plusYear(daysAgo(400)) });
    const dot = res.json().records.find((r: { birdName: string }) => r.birdName === "Dot");
    expect(dot.birdId).toBeNull();

    const again = await keeper.inject({
      method: "POST",
      url: "/api/vaccinations/import",
      payload: { records },
    });
    expect(again.json()).toMatchObject({ imported: 0 });
    expect(again.json().records).toHaveLength(3);

    // The same local ids from another keeper are that keeper's own records.
    const other = await buildUser(t);
    const theirs = await other.inject({
      method: "POST",
      url: "/api/vaccinations/import",
      payload: { records: records.slice(0, 1) },
    });
    expect(theirs.json().imported).toBe(1);
  });

  it("validates every record and needs a signed-in keeper", async () => {
    const keeper = await buildUser(t);
    const bad = await keeper.inject({
      method: "POST",
      url: "/api/vaccinations/import",
      payload: { records: [{ id: "x", vaccine: "Bird Flu", birdName: "A", date: today }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Please choose a vaccine");
    const tooMany = await keeper.inject({
      method: "POST",
      url: "/api/vaccinations/import",
      payload: {
        records: Array.from({ length: 501 }, (_, i) => ({
          id: `l${i}`,
          vaccine: "Fowl Pox",
          birdName: "A",
          date: today,
        })),
      },
    });
    expect(tooMany.statusCode).toBe(400);
    const signedOut = await t.app.inject({
      method: "POST",
      url: "/api/vaccinations/import",
      payload: { records: [] },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});
