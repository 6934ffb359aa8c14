import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Flock, FlockEvent, FlockProduction } from "@flockkeeper/shared/schemas/flock";
import { addDaysIso } from "@flockkeeper/shared/domain/dates";
import { createTestApp, type TestApp } from "../../test/helpers";
import { buildKeeper, today } from "../../test/factories";

/*
 * Issue 19: after random sequences of life events (with corrections and deletions), baskets and
 * per-bird egg records, the API's headcount and hen-day lay rate equal a plain recount of what was
 * accepted. The recount is written the slow, obvious way on purpose (no shared code with
 * domain/headcount.ts): every day, sum every event up to it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAYS = 12;
const start = addDaysIso(today, -(DAYS - 1));
const dayOf = (i: number) => addDaysIso(start, i);
const GAINS = ["acquired", "hatched"] as const;
const LOSSES = ["died", "sold", "predator", "culled", "missing"] as const;

type Step =
  | { kind: "gain"; type: (typeof GAINS)[number]; day: number; count: number }
  | { kind: "loss"; type: (typeof LOSSES)[number]; day: number; count: number }
  | { kind: "edit"; pick: number; count: number }
  | { kind: "delete"; pick: number }
  | { kind: "basket"; day: number; eggs: number }
  | { kind: "bird"; day: number; eggs: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("gain" as const),
    type: fc.constantFrom(...GAINS),
    day: fc.nat(DAYS - 1),
    count: fc.integer({ min: 1, max: 20 }),
  }),
  fc.record({
    kind: fc.constant("loss" as const),
    type: fc.constantFrom(...LOSSES),
    day: fc.nat(DAYS - 1),
    count: fc.integer({ min: 1, max: 15 }),
  }),
  fc.record({
    kind: fc.constant("edit" as const),
    pick: fc.nat(),
    count: fc.integer({ min: 1, max: 20 }),
  }),
  fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("basket" as const), day: fc.nat(DAYS - 1), eggs: fc.nat(30) }),
  fc.record({ kind: fc.constant("bird" as const), day: fc.nat(DAYS - 1), eggs: fc.nat(3) }),
);

describe("headcount and hen-day lay rate equal a plain recount", () => {
  it("after random events, corrections, deletions, baskets and bird records", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 18 }), async (steps) => {
        const keeper = await buildKeeper(t);
        // Hatched birds only lay 20 weeks later: every gain here is "acquired" for laying purposes
        // unless hatched, which never reaches laying age within the 12 days.
        const flock = (
          await keeper.inject({
            method: "POST",
            url: "/api/flocks",
            payload: { name: "P", startDate: start, headcount: 10 },
          })
        ).json<Flock>();
        const hen = (
          await keeper.inject({
            method: "POST",
            url: "/api/chickens",
            payload: { name: "Hen", breed: "Leghorn", flockId: flock.id },
          })
        ).json<{ id: string }>();
        const birdEggs = new Map<string, number>();
        const baskets = new Map<string, { id: string; eggs: number }>();
        for (const s of steps) {
          const events = (await keeper.inject({ url: `/api/flocks/${flock.id}/events` })).json<
            FlockEvent[]
          >();
          if (s.kind === "gain" || s.kind === "loss") {
            await keeper.inject({
              method: "POST",
              url: `/api/flocks/${flock.id}/events`,
              payload: { type: s.type, date: dayOf(s.day), count: s.count },
            });
          } else if (s.kind === "edit" && events.length > 0) {
            const e = events[s.pick % events.length]!;
            await keeper.inject({
              method: "PATCH",
              url: `/api/flocks/${flock.id}/events/${e.id}`,
              payload: { count: s.count },
            });
          } else if (s.kind === "delete" && events.length > 0) {
            const e = events[s.pick % events.length]!;
            await keeper.inject({
              method: "DELETE",
              url: `/api/flocks/${flock.id}/events/${e.id}`,
            });
          } else if (s.kind === "basket") {
            const date = dayOf(s.day);
            const existing = baskets.get(date);
            const res = existing
              ? await keeper.inject({
                  method: "PATCH",
                  url: `/api/egg-collections/${existing.id}`,
                  payload: { eggs: s.eggs },
                })
              : await keeper.inject({
                  method: "POST",
                  url: "/api/egg-collections",
                  payload: { flockId: flock.id, date, eggs: s.eggs },
                });
            expect(res.statusCode, res.body).toBeLessThan(300);
            baskets.set(date, { id: res.json<{ id: string }>().id, eggs: s.eggs });
          } else if (s.kind === "bird") {
            const date = dayOf(s.day);
            const res = await keeper.inject({
              method: "POST",
              url: "/api/egg-records",
              payload: { chickenId: hen.id, date, eggsLaid: s.eggs },
            });
            expect(res.statusCode, res.body).toBe(201);
            birdEggs.set(date, (birdEggs.get(date) ?? 0) + s.eggs);
          }
        }

        // The plain recount, from the events the server kept.
        const kept = (await keeper.inject({ url: `/api/flocks/${flock.id}/events` })).json<
          FlockEvent[]
        >();
        const signed = (e: FlockEvent) =>
          ["acquired", "hatched", "moved_in"].includes(e.type) ? e.count : -e.count;
        const headcountOn = (d: string) =>
          kept.filter((e) => e.date <= d).reduce((n, e) => n + signed(e), 0);
        // Laying hens: every bird of unknown sex that was acquired (laying age on arrival), less
        // losses; hatched birds are not of laying age yet. Losses take laying birds first.
        const layingOn = (d: string) => {
          let layers = 0;
          const upTo = kept
            .filter((e) => e.date <= d)
            .sort((a, b) => (a.date === b.date ? signed(b) - signed(a) : a.date < b.date ? -1 : 1));
          for (const e of upTo) {
            if (e.type === "acquired") layers += e.count;
            else if (e.type !== "hatched") layers -= Math.min(layers, e.count);
          }
          return layers;
        };
        let eggs = 0;
        let henDays = 0;
        let recorded = 0;
        for (let i = 0; i < DAYS; i++) {
          const d = dayOf(i);
          const basket = baskets.get(d)?.eggs;
          const own = birdEggs.get(d);
          if (basket === undefined && own === undefined) continue;
          recorded++;
          eggs += Math.max(basket ?? 0, own ?? 0);
          henDays += layingOn(d);
        }
        for (let i = 0; i < DAYS; i++) expect(headcountOn(dayOf(i))).toBeGreaterThanOrEqual(0);

        const f = (
          await keeper.inject({ url: `/api/flocks/${flock.id}?today=${today}` })
        ).json<Flock>();
        expect(f.headcount).toBe(headcountOn(today));
        // The list's JSON is written by the database (listFlocksJson; under the test runner it is
        // also built from objects and must be the same bytes): on days before, between and after
        // the last events (a keeper's today may be a day either side of the server's), the flock
        // as its own answer.
        for (const d of [addDaysIso(today, -1), today, addDaysIso(today, 1)]) {
          const list = await keeper.inject({ url: `/api/flocks?today=${d}` });
          expect(list.statusCode, list.body).toBe(200);
          const one = await keeper.inject({ url: `/api/flocks/${flock.id}?today=${d}` });
          expect(list.json<Flock[]>()).toEqual([one.json<Flock>()]);
          expect(list.json<Flock[]>()[0]).toMatchObject({ asOf: d, headcount: headcountOn(d) });
        }
        const p = (
          await keeper.inject({
            url: `/api/flocks/${flock.id}/production?today=${today}&days=${DAYS}`,
          })
        ).json<FlockProduction>();
        expect(p.daysWithRecords).toBe(recorded);
        expect(p.eggs).toBe(eggs);
        expect(p.henDays).toBe(henDays);
        expect(p.days.map((d) => d.headcount)).toEqual(
          Array.from({ length: DAYS }, (_, i) => headcountOn(dayOf(i))),
        );
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});

/** The sex split an event records: none, females only, males only, or both. */
const splitOf = ({ split, count }: { split: number; count: number }) =>
  split === 1
    ? { females: Math.floor(count / 2) }
    : split === 2
      ? { males: Math.min(1, count) }
      : split === 3
        ? { females: count - Math.min(1, count), males: Math.min(1, count) }
        : {};

describe("the flocks list written by the database", () => {
  it("is each flock's own answer, sex split and archived flocks included, on any of the keeper's days", async () => {
    const event = fc.record({
      type: fc.constantFrom(...GAINS, ...LOSSES),
      day: fc.nat(DAYS - 1),
      count: fc.integer({ min: 1, max: 12 }),
      split: fc.nat(3),
    });
    const flockArb = fc.record({
      headcount: fc.integer({ min: 0, max: 30 }),
      split: fc.nat(3),
      archived: fc.boolean(),
      events: fc.array(event, { maxLength: 8 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(flockArb, { minLength: 1, maxLength: 4 }), async (spec) => {
        const keeper = await buildKeeper(t);
        const ids: string[] = [];
        for (const [i, f] of spec.entries()) {
          const res = await keeper.inject({
            method: "POST",
            url: "/api/flocks",
            payload: {
              name: `F${i} "quoted" \\ ñ`,
              startDate: start,
              headcount: f.headcount,
              ...splitOf({ split: f.split, count: f.headcount }),
              ...(i % 2 ? { location: "Barn\tB", notes: "line\nbreak" } : {}),
            },
          });
          expect(res.statusCode, res.body).toBe(201);
          const id = res.json<Flock>().id;
          ids.push(id);
          // Losses that do not fit are refused (4xx) and simply not kept.
          for (const e of f.events) {
            await keeper.inject({
              method: "POST",
              url: `/api/flocks/${id}/events`,
              payload: {
                type: e.type,
                date: dayOf(e.day),
                count: e.count,
                ...splitOf(e),
              },
            });
          }
          if (f.archived) {
            const a = await keeper.inject({
              method: "PATCH",
              url: `/api/flocks/${id}`,
              payload: { archived: true },
            });
            expect(a.statusCode, a.body).toBe(200);
          }
        }
        for (const d of [addDaysIso(today, -1), today, addDaysIso(today, 1)]) {
          const one = await Promise.all(
            ids.map(async (id) =>
              (await keeper.inject({ url: `/api/flocks/${id}?today=${d}` })).json<Flock>(),
            ),
          );
          for (const archived of [false, true]) {
            const list = await keeper.inject({
              url: `/api/flocks?today=${d}&archived=${archived}`,
            });
            expect(list.statusCode, list.body).toBe(200);
            expect(list.json<Flock[]>()).toEqual(one.filter((f) => archived || !f.archived));
          }
        }
      }),
      { numRuns: 15 },
    );
  }, 240_000);
});
