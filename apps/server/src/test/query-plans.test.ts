import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cloneFarm, MAIN_KEEPER_READS, seedKeeperRecords } from "./clone-farm";
import { buildKeeper, today, type TestUser } from "./factories";
import { createTestApp, type TestApp } from "./helpers";

/*
 * Issue 26 item 7: the main keeper reads stay indexed as the data grows. On a PostgreSQL database
 * of its own (skipped without TEST_DATABASE_URL; CI's `npm run test:api:pg` runs it), one keeper's
 * records are made through the API and copied as 300 other farms (clone-farm.ts), the tables are
 * analysed, and every statement each main read sends (recorded from the app's `pg` client, with its
 * values) is explained. Each read statement runs under `explain analyze` with sequential scans
 * discouraged (`enable_seqscan = off`, so that a small table of this run is not read whole only
 * because it is small here): a sequential scan left in the plan, or a scan that set aside as many
 * rows as there are other farms (it read other keepers' rows to find this one's: an index that
 * does not lead with the farm, or none), means no index serves that query. Neither may happen on
 * a table that grows with keepers (every table with a `farm_id` or `user_id`, and users, farms,
 * sessions). Writes the read sends (a session's last-seen time) are explained without running.
 */
const COPIES = 300;
const url = process.env.TEST_DATABASE_URL;

type Captured = { text: string; values?: unknown[] };
type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
};

/** Every (node type, relation) of a plan, depth first. */
function* nodes(plan: PlanNode): Generator<PlanNode> {
  yield plan;
  for (const child of plan.Plans ?? []) yield* nodes(child);
}

describe.skipIf(!url)(
  "main keeper reads on PostgreSQL: no sequential scan on growing tables",
  () => {
    const name = `fk_plans_${randomBytes(3).toString("hex")}`;
    let dbUrl: string;
    let t: TestApp;
    let keeper: TestUser;
    let client: pg.Client;
    let growing: Set<string>;
    let capture: Captured[] | null = null;
    const query = pg.Client.prototype.query;

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const u = new URL(url!);
      u.pathname = `/${name}`;
      dbUrl = u.toString();
      t = await createTestApp({}, { databaseUrl: dbUrl });
      keeper = await buildKeeper(t);
      await seedKeeperRecords(async (path, body) => {
        const res = await keeper.inject({ method: "POST", url: path, payload: body as object });
        if (res.statusCode >= 300) throw new Error(`POST ${path}: ${res.statusCode} ${res.body}`);
        return res.json<{ id: string }>();
      }, today);
      client = new pg.Client({ connectionString: dbUrl });
      await client.connect();
      await cloneFarm(client, keeper.user.id, COPIES);
      await client.query("analyze");
      await client.query("set enable_seqscan = off");
      const { rows } = await client.query<{ table_name: string }>(
        `select distinct table_name from information_schema.columns
        where table_schema = 'public' and column_name in ('farm_id', 'user_id')
        union select unnest(array['users', 'farms', 'sessions'])`,
      );
      growing = new Set(rows.map((r) => r.table_name));
      // Records every statement the app's pool sends while `capture` is set.
      pg.Client.prototype.query = function recorded(this: pg.Client, ...args: unknown[]) {
        const [config, values] = args as [string | Captured, unknown];
        if (capture && this !== client) {
          const q = typeof config === "string" ? { text: config } : config;
          if (q && typeof q.text === "string") {
            capture.push({
              text: q.text,
              values: q.values ?? (Array.isArray(values) ? values : undefined),
            });
          }
        }
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query;
    }, 300_000);

    afterAll(async () => {
      pg.Client.prototype.query = query;
      await client?.end();
      await t?.close();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });

    it.each(MAIN_KEEPER_READS)("GET %s", async (path) => {
      capture = [];
      const res = await keeper.inject({ method: "GET", url: path });
      const sent = capture;
      capture = null;
      expect(res.statusCode).toBe(200);
      const statements = sent.filter((q) =>
        /^\s*(with|select|update|insert|delete)\b/i.test(q.text),
      );
      expect(statements.length).toBeGreaterThan(0);
      const scans: string[] = [];
      for (const q of statements) {
        const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>({
          text: `explain (${/^\s*(with|select)\b/i.test(q.text) ? "analyze, " : ""}format json) ${q.text}`,
          values: q.values as unknown[],
        });
        if (process.env.PLANS_DEBUG) {
          console.log(q.text.slice(0, 160), JSON.stringify(rows[0]!["QUERY PLAN"][0].Plan));
        }
        for (const node of nodes(rows[0]!["QUERY PLAN"][0].Plan)) {
          const table = node["Relation Name"] ?? "";
          const setAside =
            ((node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0)) *
            (node["Actual Loops"] ?? 1);
          const whole = node["Node Type"] === "Seq Scan" || setAside >= COPIES;
          if (whole && growing.has(table)) {
            scans.push(
              `${node["Node Type"]} on ${table} in: ${q.text.replace(/\s+/g, " ").slice(0, 240)}`,
            );
          }
        }
      }
      expect(scans).toEqual([]);
    });
  },
);
