import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bigImportFile } from "../../test/big-import";
import { buildUser, createTestApp, type TestApp } from "../../test/helpers";

/*
 * Item 10 of the Trust issue: a large import (up to the 50 MB limit) does not stall other
 * requests. Here it is checked generously (the machine running the tests may be busy): health
 * checks sent one after another while the import runs must all be answered 200, and neither any
 * of them nor the event loop may wait longer than STALL_LIMIT_MS. The strict figure (each within
 * 500 ms) is measured by `npm run bench -- import`.
 */

/**
 * Well above what a loaded machine adds on its own (at load 20 to 27 the slowest check took
 * 0.4 s and the event loop's longest delay was 2.2 s, a minor GC alone taking up to 0.5 s), well
 * below the stall this catches: the embedded database's inserts running as one task (20 s for
 * 48 MB at load 12).
 */
const STALL_LIMIT_MS = 6000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("a 48 MB account import", () => {
  it("leaves /api/health answering while it runs", { timeout: 600_000 }, async () => {
    const source = await buildUser(t);
    const bird = await source.inject({
      method: "POST",
      url: "/api/chickens",
      payload: { name: "Big Bertha", breed: "Sussex" },
    });
    expect(bird.statusCode, bird.body).toBe(201);
    const weighed = await source.inject({
      method: "POST",
      url: "/api/weight-records",
      payload: { chickenId: bird.json().id, date: "2024-05-01", weight: 6.2 },
    });
    expect(weighed.statusCode, weighed.body).toBe(201);
    const exported = await source.inject({ method: "GET", url: "/api/account/export" });
    const body = bigImportFile(exported.json(), 48 * 1024 * 1024);
    const rows = (JSON.parse(body) as { counts: { weightRecords: number } }).counts.weightRecords;

    const fresh = await buildUser(t);
    const loop = monitorEventLoopDelay({ resolution: 20 });
    loop.enable();
    let importing = true;
    const imported = fresh
      .inject({
        method: "POST",
        url: "/api/account/import",
        headers: { "content-type": "application/json" },
        payload: body,
      })
      .finally(() => {
        importing = false;
      });
    const during: { status: number; ms: number }[] = [];
    while (importing) {
      const started = performance.now();
      const res = await t.app.inject({ url: "/api/health" });
      // The last check counts too: it waited behind the import's final stretch.
      during.push({ status: res.statusCode, ms: performance.now() - started });
      await sleep(50);
    }
    const res = await imported;
    loop.disable();
    const slowest = Math.max(...during.map((h) => h.ms));
    const loopMaxMs = loop.max / 1e6;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().imported).toMatchObject({ chickens: 1, weightRecords: rows });
    expect(during.length, JSON.stringify(during)).toBeGreaterThanOrEqual(5);
    expect(during.filter((h) => h.status !== 200)).toEqual([]);
    console.log(
      `48 MB import of ${rows} rows: ${during.length} health checks answered meanwhile, ` +
        `slowest ${Math.round(slowest)} ms; event loop delayed at most ${Math.round(loopMaxMs)} ms`,
    );
    expect(slowest).toBeLessThan(STALL_LIMIT_MS);
    expect(loopMaxMs).toBeLessThan(STALL_LIMIT_MS);
  });

  it("refuses a large body that is not JSON, or hides a __proto__ key, with 400", async () => {
    const keeper = await buildUser(t);
    const junk = `{"format": "flockkeeper-export", "x": "${"a".repeat(2 * 1024 * 1024)}"`;
    const proto = `{"format": "flockkeeper-export", "tables": {"__proto__": {"polluted": true}}, "x": "${"a".repeat(2 * 1024 * 1024)}"}`;
    for (const payload of [junk, proto]) {
      const res = await keeper.inject({
        method: "POST",
        url: "/api/account/import",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("The request body is not valid JSON");
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
