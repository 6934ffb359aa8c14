import { randomUUID } from "node:crypto";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Chicken } from "@flockkeeper/shared/schemas/chicken";
import { addDaysIso, todayIso } from "@flockkeeper/shared/schemas/common";
import { createSession } from "../auth/session-store";
import { createOwnFarm } from "../access/access";
import type { DatabaseHandle } from "../db/client";
import {
  chickens,
  eggRecords,
  farmMembers,
  feedRecords,
  users,
  weightRecords,
} from "../db/schema/index";

/*
 * The one factories module for server tests (outline's `test/factories`): a keeper with a real
 * session, and their records. `build*` writes rows straight to the database (fast, any date, any
 * shape the schema allows); `post*` goes through the API as a keeper would, so it also exercises
 * validation, access and the read cache. Use `post*` in a test that reads back through the API
 * while the read cache is on (`npm run test:api:cache`).
 */

/** What the factories need of a test app (`createTestApp()` in ./helpers.ts). */
type Harness = { app: FastifyInstance; db: DatabaseHandle["db"] };

/** The keeper's own date as the server counts it (UTC), and n days before it. */
export const today = todayIso(new Date());
export const daysAgo = (n: number) => addDaysIso(today, -n);

export type TestUser = {
  user: typeof users.$inferSelect;
  cookie: string;
  /** `app.inject` with this keeper's session cookie. */
  inject: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
};

/** A signed-in keeper with a real session row. */
export async function buildKeeper(
  t: Harness,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<TestUser> {
  const id = randomUUID().slice(0, 8);
  const [user] = await t.db
    .insert(users)
    .values({
      issuer: "test",
      subject: `sub-${id}`,
      email: `keeper-${id}@example.com`,
      firstName: "Test",
      ...overrides,
    })
    .returning();
  // Their own farm, whose id is their user id (as for a keeper whose records predate farms).
  await createOwnFarm(t.db, user!);
  const { token } = await createSession(t.db, user!.id, "vitest", t.app.sessionPolicy);
  const cookie = `${t.app.sessionCookie}=${token}`;
  return {
    user: user!,
    cookie,
    inject: (opts) => t.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie } }),
  };
}

/**
 * A keeper who is a member of `owner`'s farm with `role`, working in it (their farm in use), written
 * straight to the database as an accepted invitation would leave it.
 */
export async function buildMember(
  t: Harness,
  owner: TestUser,
  role: "owner" | "keeper" | "helper",
): Promise<TestUser> {
  const member = await buildKeeper(t);
  await t.db.insert(farmMembers).values({
    farmId: owner.user.id,
    userId: member.user.id,
    role,
    // Later than their own farm's row, so this farm is the one in use.
    selectedAt: new Date(Date.now() + 1000),
  });
  return member;
}

/** A bird of the keeper's, written straight to the database; returns its id. */
export async function buildChicken(
  t: Pick<Harness, "db">,
  keeper: TestUser,
  values: Partial<typeof chickens.$inferInsert> = {},
): Promise<string> {
  const [row] = await t.db
    .insert(chickens)
    .values({ farmId: keeper.user.id, name: "Hen", breed: "Sussex", sex: "hen", ...values })
    .returning({ id: chickens.id });
  return row!.id;
}

/** A bird added through `POST /api/chickens` (a Sussex hen named "Hen" unless `body` says). */
export async function postChicken(
  keeper: TestUser,
  body: Record<string, unknown> = {},
): Promise<Chicken> {
  const res = await keeper.inject({
    method: "POST",
    url: "/api/chickens",
    payload: { name: "Hen", breed: "Sussex", ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Chicken>();
}

/** Egg records of one bird, `[date, eggsLaid]` each, straight to the database. */
export async function buildEggs(
  t: Pick<Harness, "db">,
  keeper: TestUser,
  chickenId: string,
  rows: [date: string, eggsLaid: number][],
) {
  if (rows.length === 0) return;
  await t.db
    .insert(eggRecords)
    .values(
      rows.map(([date, eggsLaid]) => ({ farmId: keeper.user.id, chickenId, date, eggsLaid })),
    );
}

export async function buildFeed(
  t: Pick<Harness, "db">,
  keeper: TestUser,
  chickenId: string,
  date: string,
  feedAmount: number,
  feedCost: number | null = null,
) {
  await t.db
    .insert(feedRecords)
    .values({ farmId: keeper.user.id, chickenId, date, feedType: "layer", feedAmount, feedCost });
}

export async function buildWeight(
  t: Pick<Harness, "db">,
  keeper: TestUser,
  chickenId: string,
  date: string,
  weight: number,
  bodyCondition = "normal",
) {
  await t.db
    .insert(weightRecords)
    .values({ farmId: keeper.user.id, chickenId, date, weight, bodyCondition });
}
