import { describe, expect, it } from "vitest";
import { turnsDuring } from "../test/event-loop";
import { parseJsonOffThread } from "./json-off-thread";

describe("parseJsonOffThread", () => {
  it("gives back what JSON.parse gives, large arrays at the first two levels included", async () => {
    const doc = {
      format: "x",
      list: Array.from({ length: 1234 }, (_, i) => ({ i, s: `row ${i}`, deep: [{ a: null }] })),
      tables: { a: Array.from({ length: 2001 }, (_, i) => i), b: [], c: { d: [1, "2", true] } },
      n: 1.5,
      nothing: null,
    };
    const parsed = await parseJsonOffThread(Buffer.from(JSON.stringify(doc)));
    expect(parsed).toEqual(doc);
    expect(JSON.stringify(parsed)).toBe(JSON.stringify(doc));
    expect(await parseJsonOffThread(Buffer.from("[1,2,3]"))).toEqual([1, 2, 3]);
    expect(await parseJsonOffThread(Buffer.from('"text"'))).toBe("text");
  });

  it("refuses text that is not JSON and __proto__ keys with a SyntaxError", async () => {
    await expect(parseJsonOffThread(Buffer.from('{"a": '))).rejects.toBeInstanceOf(SyntaxError);
    await expect(
      parseJsonOffThread(Buffer.from('{"tables": {"__proto__": {"polluted": true}}}')),
    ).rejects.toBeInstanceOf(SyntaxError);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("hands the pieces over one event-loop turn at a time, even when they pile up", async () => {
    // 40 slices of 500 rows. The main thread is kept busy while the worker parses, so without the
    // worker waiting for each piece to be taken they would all be queued and then taken in one
    // task; with it, every piece arrives in a turn of its own.
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ id: i, note: "x".repeat(20) }));
    const parsing = parseJsonOffThread(Buffer.from(JSON.stringify({ rows })));
    const until = performance.now() + 1500;
    while (performance.now() < until) {
      // busy: the worker starts, parses and (without backpressure) posts everything meanwhile
    }
    const { value, turns } = await turnsDuring(parsing);
    expect((value as { rows: unknown[] }).rows).toHaveLength(20_000);
    expect(turns).toBeGreaterThanOrEqual(40);
  });
});
