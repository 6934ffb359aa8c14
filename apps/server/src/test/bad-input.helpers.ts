/**
 * Generators and checks for the bad-input property tests (`bad-input.property.test.ts`).
 *
 * Bodies are generated as a small JSON tree and serialised by hand, so the text can carry what
 * `JSON.stringify` cannot: `__proto__` as an own key, number tokens such as `1e999` or a 400-digit
 * integer. What the server sees is exactly `JSON.parse(text)` (Fastify's secure-json-parse strips a
 * BOM and refuses `__proto__` / `constructor.prototype` first), so a test can ask the route's own zod
 * schema whether an input is valid before it is sent.
 */
import { createHash } from "node:crypto";
import { is, sql } from "drizzle-orm";
import { PgTable, getTableConfig } from "drizzle-orm/pg-core";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import type { Database } from "../db/client";

// ---------------------------------------------------------------- JSON text with hostile shapes

/** A JSON value whose numbers keep their raw text and whose objects are ordered key lists. */
export type Json =
  | null
  | boolean
  | string
  | { kind: "num"; raw: string }
  | { kind: "arr"; items: Json[] }
  | { kind: "obj"; entries: [string, Json][] };

/** A plain JS value (a fixture) as a Json tree. */
export function fromValue(v: unknown): Json {
  if (v === null || v === undefined) return null;
  if (typeof v === "boolean" || typeof v === "string") return v;
  if (typeof v === "number") return { kind: "num", raw: Number.isFinite(v) ? String(v) : "null" };
  if (Array.isArray(v)) return { kind: "arr", items: v.map(fromValue) };
  return { kind: "obj", entries: Object.entries(v as object).map(([k, x]) => [k, fromValue(x)]) };
}

/** The JSON text of a tree (`__proto__` stays an ordinary key, raw number tokens are kept). */
export function toJsonText(j: Json): string {
  if (j === null || typeof j === "boolean" || typeof j === "string") return JSON.stringify(j);
  if (j.kind === "num") return j.raw;
  if (j.kind === "arr") return `[${j.items.map(toJsonText).join(",")}]`;
  return `{${j.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(",")}}`;
}

/**
 * What Fastify's JSON parser makes of a body: `{ ok: true, value }`, or `{ ok: false }` when it
 * answers 400 (not JSON, empty, or a prototype-poisoning key).
 */
export function parseLikeFastify(text: string): { ok: true; value: unknown } | { ok: false } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { ok: false };
  }
  return poisoned(value) ? { ok: false } : { ok: true, value };
}

function poisoned(v: unknown): boolean {
  if (v === null || typeof v !== "object") return false;
  if (Array.isArray(v)) return v.some(poisoned);
  const o = v as Record<string, unknown>;
  if (Object.prototype.hasOwnProperty.call(o, "__proto__")) return true;
  const ctor = Object.prototype.hasOwnProperty.call(o, "constructor") ? o.constructor : undefined;
  if (
    ctor !== null &&
    typeof ctor === "object" &&
    Object.prototype.hasOwnProperty.call(ctor, "prototype")
  )
    return true;
  return Object.values(o).some(poisoned);
}

// ---------------------------------------------------------------- hostile leaves

const HUGE = 100_000;

/** Strings that break naive code: empty, NUL, lone surrogates, RTL, emoji, SQL, paths, dates, ids. */
export const NASTY_STRINGS: readonly string[] = [
  "",
  " ",
  "\t\n\r",
  "\u0000",
  "a\u0000b",
  "\u0000".repeat(64),
  "\ud800",
  "\udfff\ud800",
  "\u202eevil",
  "\ufeff",
  "\u200b",
  "💩",
  "👩‍👩‍👧‍👦🐔🥚",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "Ｆｕｌｌｗｉｄｔｈ",
  "ﷺ",
  "<script>alert(1)</script>",
  "'; drop table chickens; --",
  '" OR 1=1 --',
  "${7*7}{{7*7}}",
  "../../../../etc/passwd",
  "%00%2e%2e%2f",
  "C:\\Windows\\system32",
  "javascript:alert(1)",
  "data:text/html,<b>x</b>",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-Infinity",
  "true",
  "-1",
  "0",
  "1e999",
  "0x1F",
  "1,5",
  " 42 ",
  "9".repeat(400),
  "2024-02-30",
  "2023-13-01",
  "0000-00-00",
  "9999-12-31",
  "1899-12-31",
  "2024-01-01T25:61:61Z",
  "1/2/2024",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "0000000g-0000-4000-8000-000000000000",
  "{00000000-0000-4000-8000-000000000000}",
  "00000000000040008000000000000000",
  "/api/images/" + "a".repeat(64) + ".jpg",
  "data:image/jpeg;base64,AAAA",
  "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "valueOf",
];

/** A string of 2k to 100k characters of one awkward kind. */
export const hugeString = fc
  .tuple(
    fc.constantFrom(HUGE, 20_001, 2_001, 257),
    fc.constantFrom("x", "é", "🐔", "\u0000", " ", "9", "\ud800"),
  )
  .map(([n, c]) => c.repeat(n));

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 12 }) },
  { weight: 1, arbitrary: hugeString },
);

/** Number tokens as they may appear in JSON text, including ones JS turns into Infinity or 0. */
const NUMBER_TOKENS = [
  "-1",
  "0",
  "-0",
  "0.5",
  "1.5",
  "10.0",
  "11",
  "101",
  "1e999",
  "-1e999",
  "1e308",
  "-1.7976931348623157e308",
  "5e-324",
  "1e-400",
  "2147483647",
  "2147483648",
  "-2147483649",
  "9007199254740993",
  "1" + "0".repeat(400),
  "123456789012345678901234567890.5",
];

export const nastyNumber: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom(...NUMBER_TOKENS).map((raw) => ({ kind: "num" as const, raw })),
  fc.integer().map((n) => ({ kind: "num" as const, raw: String(n) })),
  fc
    .double({ noNaN: true, noDefaultInfinity: true })
    .map((n) => ({ kind: "num" as const, raw: JSON.stringify(n) })),
);

/** Keys an attacker or a confused client might send. */
export const NASTY_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "id",
  "userId",
  "user_id",
  "isAdmin",
  "createdAt",
  "$where",
  "",
  " ",
  "a.b",
  "a[b]",
  "🐔",
  "\u0000",
];

export const leaf: fc.Arbitrary<Json> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 4, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
);

/** A key: one the schema knows (most useful), a nasty one, or any string. */
export function keyArb(known: readonly string[]): fc.Arbitrary<string> {
  const parts: fc.WeightedArbitrary<string>[] = [
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_KEYS) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
    { weight: 1, arbitrary: fc.constant("k".repeat(10_000)) },
  ];
  if (known.length > 0) parts.unshift({ weight: 8, arbitrary: fc.constantFrom(...known) });
  return fc.oneof(...parts);
}

/** Any JSON tree: leaves, arrays and objects nested a few levels (keys biased to `known`). */
export function jsonArb(known: readonly string[]): fc.Arbitrary<Json> {
  const key = keyArb(known);
  const { value } = fc.letrec<{ value: Json }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      { weight: 5, arbitrary: leaf },
      {
        weight: 1,
        arbitrary: fc
          .array(tie("value"), { maxLength: 4 })
          .map((items): Json => ({ kind: "arr", items })),
      },
      {
        weight: 2,
        arbitrary: fc
          .array(fc.tuple(key, tie("value")), { maxLength: 5 })
          .map((entries): Json => ({ kind: "obj", entries })),
      },
    ),
  }));
  return value;
}

/** An object whose keys are mostly the schema's own, with hostile values. */
export function objectOverKeys(known: readonly string[]): fc.Arbitrary<Json> {
  return fc
    .array(fc.tuple(keyArb(known), jsonArb(known)), { maxLength: Math.max(4, known.length + 2) })
    .map((entries): Json => ({ kind: "obj", entries }));
}

// ---------------------------------------------------------------- mutations of a valid body

type Path = (string | number)[];

function pathsOf(j: Json, prefix: Path = []): Path[] {
  if (j === null || typeof j !== "object" || j.kind === "num") return [];
  const here: Path[] = [];
  if (j.kind === "arr") {
    j.items.forEach((item, i) => {
      here.push([...prefix, i], ...pathsOf(item, [...prefix, i]));
    });
  } else {
    for (const [k, v] of j.entries) here.push([...prefix, k], ...pathsOf(v, [...prefix, k]));
  }
  return here;
}

/** Containers (objects and arrays) of a tree, by path; the root is `[]`. */
function containersOf(j: Json, prefix: Path = []): Path[] {
  if (j === null || typeof j !== "object" || j.kind === "num") return [];
  const here: Path[] = [prefix];
  if (j.kind === "arr")
    j.items.forEach((item, i) => here.push(...containersOf(item, [...prefix, i])));
  else for (const [k, v] of j.entries) here.push(...containersOf(v, [...prefix, k]));
  return here;
}

type Mutation =
  | { op: "set"; path: Path; value: Json }
  | { op: "delete"; path: Path }
  | { op: "add"; at: Path; key: string; value: Json };

function update(j: Json, path: Path, fn: (old: Json | undefined) => Json | undefined): Json {
  if (path.length === 0) return fn(j) ?? null;
  if (j === null || typeof j !== "object" || j.kind === "num") return j;
  const [head, ...rest] = path;
  if (j.kind === "arr") {
    const items = j.items.flatMap((item, i) => {
      if (i !== head) return [item];
      const next = rest.length === 0 ? fn(item) : update(item, rest, fn);
      return next === undefined ? [] : [next];
    });
    return { kind: "arr", items };
  }
  const entries = j.entries.flatMap(([k, v]): [string, Json][] => {
    if (k !== head) return [[k, v]];
    const next = rest.length === 0 ? fn(v) : update(v, rest, fn);
    return next === undefined ? [] : [[k, next]];
  });
  return { kind: "obj", entries };
}

function applyMutation(j: Json, m: Mutation): Json {
  if (m.op === "set") return update(j, m.path, () => m.value);
  if (m.op === "delete") return update(j, m.path, () => undefined);
  return update(j, m.at, (old) => {
    if (old === null || typeof old !== "object" || old.kind === "num") return old;
    if (old.kind === "arr") return { kind: "arr", items: [...old.items, m.value] };
    return { kind: "obj", entries: [...old.entries, [m.key, m.value]] };
  });
}

/** A valid body with one to three fields deleted, replaced by hostile values, or added. */
export function mutatedFixture(fixture: unknown, known: readonly string[]): fc.Arbitrary<Json> {
  const base = fromValue(fixture);
  const paths = pathsOf(base);
  const containers = containersOf(base);
  const value = fc.oneof({ weight: 4, arbitrary: leaf }, { weight: 1, arbitrary: jsonArb(known) });
  const ops: fc.Arbitrary<Mutation>[] = [
    fc.record({
      op: fc.constant("add" as const),
      at: fc.constantFrom(...containers),
      key: keyArb(known),
      value,
    }),
  ];
  if (paths.length > 0) {
    ops.push(
      fc.record({ op: fc.constant("set" as const), path: fc.constantFrom(...paths), value }),
      fc.record({ op: fc.constant("set" as const), path: fc.constantFrom(...paths), value }),
      fc.record({ op: fc.constant("delete" as const), path: fc.constantFrom(...paths) }),
    );
  }
  return fc
    .array(fc.oneof(...ops), { minLength: 1, maxLength: 3 })
    .map((ms) => ms.reduce(applyMutation, base));
}

/** JSON texts Fastify must refuse with 400 before any handler runs. */
export const UNPARSEABLE_BODIES: readonly string[] = [
  "{",
  "}",
  "[",
  '{"a":',
  "{'a':1}",
  "{a:1}",
  "nul",
  "tru",
  "undefined",
  "NaN",
  "Infinity",
  '{"a":NaN}',
  '{"a":1,}',
  "[1,]",
  '{"a":01}',
  "0x10",
  '{"a":"\\x00"}',
  '{"a":"unterminated}',
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  "// comment\n{}",
  "\u0000",
  '"just a string',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"name":"x","nested":{"__proto__":{"polluted":1}}}',
  '[{"__proto__":null}]',
  '{"a":[{"constructor":{"prototype":{"polluted":1}}}]}',
  "[".repeat(5_000),
  '{"a":' + "[".repeat(2_000) + "]".repeat(1_999) + "}",
];

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is written as the three bytes
 * UTF-8 would give it, so the server receives an invalid escape sequence to cope with.
 */
export function encodeLoose(s: string): string {
  let out = "";
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) {
      out += [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

// ---------------------------------------------------------------- response checks

const STACK_RE =
  /\bat [^\s"]+ \([^\s"]*:\d+:\d+\)|\bat [^\s"]*\.[cm]?[jt]s:\d+:\d+|node_modules|\/src\/[\w/.-]+\.ts/;
const INTERNALS_RE =
  /syntax error at or near|violates (?:check|foreign key|not-null|unique) constraint|duplicate key value|invalid input syntax for|relation "[^"]+" does not exist|Failed query:|PGlite|drizzle|ECONNREFUSED|TypeError|ReferenceError|Cannot read propert/i;

/** Why a response breaks the bad-input contract, or null when it keeps it. */
export function responseProblem(
  res: LightMyRequestResponse,
  { htmlErrorsAllowed = false }: { htmlErrorsAllowed?: boolean } = {},
): string | null {
  const status = res.statusCode;
  if (status >= 500) return `answered ${status}: ${res.body.slice(0, 300)}`;
  if (status < 400) return null;
  if (STACK_RE.test(res.body)) return `error body leaks a stack trace: ${res.body.slice(0, 300)}`;
  if (INTERNALS_RE.test(res.body)) return `error body leaks internals: ${res.body.slice(0, 300)}`;
  const type = String(res.headers["content-type"] ?? "");
  if (!type.includes("application/json")) {
    return htmlErrorsAllowed && type.includes("text/html")
      ? null
      : `${status} without a JSON body (${type || "no content-type"}): ${res.body.slice(0, 200)}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `${status} body is not JSON: ${res.body.slice(0, 200)}`;
  }
  const { message, statusCode, code } = (body ?? {}) as Record<string, unknown>;
  if (typeof message !== "string" || message.trim() === "")
    return `${status} without a message: ${res.body.slice(0, 200)}`;
  // Every message must stay short whatever was sent (the router's own answers to a bad path go
  // through `frameworkErrors` in app.ts, which quotes nothing).
  if (message.length > 500) {
    return `${status} message is ${message.length} characters long: ${message.slice(0, 100)}…`;
  }
  if (statusCode !== status) return `${status} body says statusCode ${String(statusCode)}`;
  if (typeof code !== "string" || code === "") return `${status} without an error code`;
  return null;
}

// ---------------------------------------------------------------- database fingerprint

/** Tables that change for reasons other than a request's input (sign-in machinery, caches). */
const VOLATILE = new Set(["oidc_payloads", "weather_cache"]);
/** Tables whose rows are touched on every request (last seen): only their row count must hold. */
const COUNT_ONLY = new Set(["sessions", "admin_sessions"]);

export type FingerprintScope = {
  /** Keeper tables (with `farm_id` or `user_id`) are read for these users (and their own farms) only. */
  userIds: string[];
  /**
   * Whether the whole database belongs to this test file (embedded PGlite): then every table is
   * fingerprinted. On a shared PostgreSQL other files write concurrently, so only the users' rows
   * and `ownRows` are.
   */
  wholeDatabase: boolean;
  /** Rows of tables without `user_id` to fingerprint by primary key on a shared database. */
  ownRows?: { table: string; column: string; ids: string[] }[];
};

/**
 * One query that sums up the data a bad request must not change: per table, the row count and an
 * md5 over the rows' text. Call before and after a request and compare.
 */
export function makeFingerprint(
  db: Database,
  schema: Record<string, unknown>,
  scope: FingerprintScope,
): () => Promise<Record<string, string>> {
  const tables = Object.values(schema).filter((v): v is PgTable => is(v, PgTable));
  const parts: ReturnType<typeof sql>[] = [];
  const ids = sql.join(
    scope.userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  for (const table of tables) {
    const { name, columns } = getTableConfig(table);
    if (VOLATILE.has(name)) continue;
    const ident = sql.identifier(name);
    // A farm's records by farm_id (a test keeper's own farm has their user id), else by user_id.
    const owner = ["farm_id", "user_id"].find((n) => columns.some((c) => c.name === n));
    const where = scope.wholeDatabase
      ? sql``
      : owner
        ? sql`where t.${sql.identifier(owner)} in (${ids})`
        : null;
    const own = scope.ownRows?.find((o) => o.table === name);
    const summary = COUNT_ONLY.has(name)
      ? sql`count(*)::text`
      : sql`count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '')`;
    if (where) {
      parts.push(sql`(select ${summary} from ${ident} t ${where}) as ${sql.identifier(name)}`);
    } else if (own && own.ids.length > 0) {
      const list = sql.join(
        own.ids.map((id) => sql`${id}`),
        sql`, `,
      );
      parts.push(
        sql`(select ${summary} from ${ident} t where t.${sql.identifier(own.column)}::text in (${list})) as ${sql.identifier(name)}`,
      );
    }
  }
  const users = sql`(select md5(string_agg(t::text, '|' order by t::text)) from users t where t.id in (${ids})) as "users:self"`;
  const query = sql`select ${sql.join([...parts, users], sql`, `)}`;
  return async () => {
    const res = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
    const row = res.rows[0] ?? {};
    return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, String(v)]));
  };
}

/** The tables whose fingerprint differs, as "table: before -> after". */
export function fingerprintDiff(a: Record<string, string>, b: Record<string, string>): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys]
    .filter((k) => a[k] !== b[k])
    .map(
      (k) => `${k}: ${a[k]?.split(":")[0]} rows -> ${b[k]?.split(":")[0]} rows (content changed)`,
    );
}

/** A short printable summary of a request body for failure messages. */
export function preview(text: string | undefined, max = 200): string {
  if (text === undefined) return "(no body)";
  const digest = createHash("sha1").update(text).digest("hex").slice(0, 8);
  return text.length > max
    ? `${JSON.stringify(text.slice(0, max))}… (${text.length} chars, sha1 ${digest})`
    : JSON.stringify(text);
}
