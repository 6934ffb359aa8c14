import { describe, expect, it } from "vitest";
import { z } from "zod";
import { compileProjection } from "./response-serializer";

const json = (schema: z.ZodType, value: unknown) =>
  JSON.stringify(compileProjection(schema)!(value));
const zodJson = (schema: z.ZodType, value: unknown) => JSON.stringify(z.encode(schema, value));

describe("response projection", () => {
  it("gives zod's bytes: keys in the schema's order, unnamed and undefined keys left out", () => {
    const bird = z.object({
      id: z.uuid(),
      name: z.string().min(1),
      sex: z.enum(["hen", "rooster"]).nullable(),
      weight: z.number().optional(),
      tags: z.array(z.object({ a: z.literal(1), b: z.boolean() })).readonly(),
      note: z.string().nullable().optional(),
    });
    const value = {
      note: undefined,
      tags: [{ b: true, a: 1, extra: "x" }],
      sex: null,
      secret: "not in the schema",
      name: "Hen",
      id: "00000000-0000-4000-8000-000000000001",
    };
    expect(json(z.array(bird), [value, value])).toBe(zodJson(z.array(bird), [value, value]));
    expect(json(bird, value)).toBe(
      '{"id":"00000000-0000-4000-8000-000000000001","name":"Hen","sex":null,"tags":[{"a":1,"b":true}]}',
    );
  });

  it("writes any key a schema may have, as zod does (quotes, escapes, __proto__)", () => {
    for (const schema of [
      z.object({ 'a"b': z.string(), "c\\d": z.number(), "e\nf": z.boolean(), "": z.null() }),
      z.object({ ["__proto__"]: z.object({ x: z.number() }), y: z.string() }),
    ]) {
      const value = JSON.parse(
        '{"a\\"b":"1","c\\\\d":2,"e\\nf":true,"":null,"__proto__":{"x":3,"z":4},"y":"5"}',
      ) as unknown;
      expect(json(schema, value)).toBe(zodJson(schema, value));
    }
  });

  it("leaves to zod every schema whose output may differ from its input", () => {
    for (const schema of [
      z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]),
      z.object({ a: z.string().trim() }),
      z.object({ a: z.string().default("x") }),
      z.object({ a: z.string().transform((s) => s.length) }),
      z.record(z.string(), z.number()),
      z.looseObject({ a: z.string() }),
      z.array(z.object({ at: z.date() })),
    ]) {
      expect(compileProjection(schema)).toBeNull();
    }
    expect(compileProjection(z.strictObject({ a: z.string() }))).not.toBeNull();
  });
});
