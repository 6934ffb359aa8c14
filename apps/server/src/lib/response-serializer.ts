import type { FastifyReply } from "fastify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";

/*
 * How an answer is turned into JSON (issue 26 item 1: where the CPU of a keeper read went).
 *
 * fastify-type-provider-zod's serializer validates every answer against its response schema
 * (`safeEncode`) and then runs JSON.stringify on what that returns. The validation on the way out
 * was a tenth of the CPU of a birds list on PostgreSQL; it checks what the services' own types
 * already guarantee. What it does to the bytes is only this: an object's keys come out in the
 * schema's order, keys the schema does not name are left out, and keys whose value is undefined
 * disappear (JSON.stringify drops those too). `compileProjection` does exactly that, without the
 * checks, for the schemas made only of parts whose output is their input (objects, arrays,
 * nullable/optional/readonly wrappers, and leaves: strings, numbers, enums, literals...). Any
 * other part (a union, a record, a transform, a default, a string check that rewrites, such as
 * trim) and the route keeps the zod serializer, so its answer is the same bytes either way.
 *
 * Under the test runner both run on every answer: the zod serializer's result is sent (so a
 * wrong answer still fails as before) and the projection must give the same bytes, or the
 * request fails; every route test is also a test of this file.
 */

type Project = (value: unknown) => unknown;
/** A zod schema as the compiler walks it (zod's `_zod.def`, the same in every v4 schema). */
type Walked = {
  _zod: {
    def: {
      type: string;
      checks?: { _zod: { def: { check: string } } }[];
      shape?: Record<string, Walked>;
      catchall?: Walked;
      element?: Walked;
      innerType?: Walked;
    };
  };
};

const keep: Project = (value) => value;

/** Leaves whose output is their input. */
const LEAVES = new Set([
  "string",
  "number",
  "int",
  "boolean",
  "null",
  "any",
  "unknown",
  "enum",
  "literal",
  "template_literal",
]);

/**
 * What zod's encoding does to the shape of a value of `schema`, as a function, or null when the
 * schema has a part whose output may differ from its input.
 */
export function compileProjection(schema: unknown): Project | null {
  const def = (schema as Walked | undefined)?._zod?.def;
  if (!def) return null;
  // An "overwrite" check rewrites the value (trim, toLowerCase, ...).
  if (def.checks?.some((c) => c._zod.def.check === "overwrite")) return null;
  if (LEAVES.has(def.type)) return keep;
  switch (def.type) {
    case "nullable":
    case "optional":
    case "readonly": {
      const inner = compileProjection(def.innerType);
      if (!inner) return null;
      if (inner === keep) return keep;
      return (value) => (value === null || value === undefined ? value : inner(value));
    }
    case "array": {
      const element = compileProjection(def.element);
      if (!element) return null;
      if (element === keep) return keep;
      return (value) => (Array.isArray(value) ? value.map(element) : value);
    }
    case "object": {
      // A catch-all other than never keeps keys the shape does not name: not a projection.
      if (def.catchall && def.catchall._zod.def.type !== "never") return null;
      const fields: [string, Project][] = [];
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const project = compileProjection(field);
        if (!project) return null;
        fields.push([key, project]);
      }
      return objectProjection(fields);
    }
    default:
      return null;
  }
}

/**
 * The projection of an object schema with these fields, as one function written for them: an
 * object literal with the schema's keys in its order, so that V8 builds every answer's objects
 * with one shape, where a loop adding keys one by one cost a tenth of the serialization (issue 26
 * item 1). A key whose value is undefined stays in the literal as undefined, which JSON.stringify
 * leaves out just as zod's encoding does. The keys come from our own schemas, never from input,
 * and are written as JSON string literals; "__proto__" (which a literal would take as the
 * prototype) keeps the loop.
 */
function objectProjection(fields: [string, Project][]): Project {
  if (fields.some(([key]) => key === "__proto__")) {
    return (value) => {
      if (value === null || typeof value !== "object") return value;
      const from = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, project] of fields) {
        const v = from[key];
        if (v !== undefined) out[key] = project(v);
      }
      return out;
    };
  }
  const entries = fields.map(([key, project], i) => {
    const name = JSON.stringify(key);
    return project === keep
      ? `${name}: v[${name}]`
      : `${name}: v[${name}] === undefined ? undefined : p[${i}](v[${name}])`;
  });
  const build = new Function(
    "p",
    `return (v) => v === null || typeof v !== "object" ? v : { ${entries.join(", ")} };`,
  ) as (projects: Project[]) => Project;
  return build(fields.map(([, project]) => project));
}

/** Fastify's serializer compiler for response schemas (set in app.ts). */
export const serializerCompiler: typeof zodSerializerCompiler = (route) => {
  const zod = zodSerializerCompiler(route);
  const project = compileProjection(route.schema);
  if (!project) return zod;
  if (!process.env.VITEST) return (data) => JSON.stringify(project(data));
  return (data) => {
    const checked = zod(data);
    const fast = JSON.stringify(project(data));
    if (fast !== checked) {
      throw new Error(
        `${route.method} ${route.url}: the response projection differs from the zod serializer\n` +
          `zod:  ${checked.slice(0, 2000)}\nfast: ${fast.slice(0, 2000)}`,
      );
    }
    return checked;
  };
};

/**
 * Sends text that is already the answer's JSON (a list written by the database, a kept answer)
 * as it is, past the route's serializer. The type provider only knows the parsed shape, hence the
 * cast inside.
 */
export function sendJsonText<R extends FastifyReply>(reply: R, json: string): R {
  return reply
    .type("application/json; charset=utf-8")
    .serializer(String)
    .send(json as never) as R;
}
