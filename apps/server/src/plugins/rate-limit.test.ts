import { randomBytes, randomUUID } from "node:crypto";
import net from "node:net";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../config";
import { ANALYSES_PER_MINUTE } from "../modules/analyses/analyses.service";
import { ADMIN_ATTEMPTS } from "./admin-auth";
import { buildUser, createTestApp, type TestApp } from "../test/helpers";
import { DatabaseCounters, MemoryCounters } from "../lib/counters";
import { createSession } from "../auth/session-store";

// Most tests here start their own app (or two) on their own configuration: minutes on a busy machine.
vi.setConfig({ testTimeout: 180_000 });

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Whether something answers on the Redis port (CI's machines run one; a laptop may not). */
async function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

// An analysis with an empty image is refused by validation (400), after the limit has counted it:
// the cheapest request that spends one of the 10 analyses a minute.
const analysis = (extra: Partial<InjectOptions> = {}): InjectOptions => ({
  method: "POST",
  url: "/api/analyze-feces",
  payload: { image: "" },
  ...extra,
});
const codesOf = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode);
const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;

describe("rate limits key on the verified keeper, else the address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("a made-up session cookie on every request gets no more than the limit", async () => {
    const codes: number[] = [];
    for (let i = 0; i < ANALYSES_PER_MINUTE + 5; i++) {
      const cookie = `${t.app.sessionCookie}=${randomBytes(32).toString("base64url")}`;
      codes.push((await t.app.inject(analysis({ headers: { cookie } }))).statusCode);
    }
    expect(count(codes, 400)).toBe(ANALYSES_PER_MINUTE);
    expect(codes.slice(ANALYSES_PER_MINUTE).every((c) => c === 429)).toBe(true);
  });

  it("a keeper's real sessions share one allowance, apart from the address's", async () => {
    const keeper = await buildUser(t);
    // A second session of the same keeper (another device) counts against the same total.
    const { token } = await createSession(t.db, keeper.user.id, "phone", t.app.sessionPolicy);
    const cookies = [keeper.cookie, `${t.app.sessionCookie}=${token}`];
    const codes: number[] = [];
    for (let i = 0; i < ANALYSES_PER_MINUTE + 2; i++) {
      codes.push(
        (await t.app.inject(analysis({ headers: { cookie: cookies[i % 2]! } }))).statusCode,
      );
    }
    expect(count(codes, 400)).toBe(ANALYSES_PER_MINUTE);
    expect(count(codes, 429)).toBe(2);
    // Another keeper on the same (already exhausted) address still has their own allowance.
    const other = await buildUser(t);
    expect((await other.inject(analysis())).statusCode).toBe(400);
  });
});

describe("the admin gate counts attempts atomically", () => {
  it("20 parallel wrong guesses: at most 5 are evaluated", async () => {
    const own = await createTestApp({ ADMIN_PASSWORD: "the-real-admin-password" });
    try {
      const check = vi.spyOn(own.app.adminGate, "checkPassword");
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          own.app.inject({
            method: "POST",
            url: "/api/admin/login",
            payload: { password: `wrong-guess-${i}` },
          }),
        ),
      );
      const codes = codesOf(responses);
      expect(check.mock.calls.length).toBeLessThanOrEqual(ADMIN_ATTEMPTS.max);
      expect(count(codes, 401)).toBe(ADMIN_ATTEMPTS.max);
      expect(count(codes, 429)).toBe(20 - ADMIN_ATTEMPTS.max);
    } finally {
      await own.close();
    }
  });

  it("a right password does not use up an attempt", async () => {
    const own = await createTestApp({ ADMIN_PASSWORD: "the-real-admin-password" });
    try {
      for (let i = 0; i < ADMIN_ATTEMPTS.max + 2; i++) {
        const res = await own.app.inject({
          method: "POST",
          url: "/api/admin/login",
          payload: { password: "the-real-admin-password" },
        });
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await own.close();
    }
  });
});

describe("TRUST_PROXY", () => {
  const remaining = async (t: TestApp, remoteAddress: string, xff?: string) => {
    const res = await t.app.inject(
      analysis({ remoteAddress, headers: xff ? { "x-forwarded-for": xff } : {} }),
    );
    return Number(res.headers["x-ratelimit-remaining"]);
  };

  it("is off by default: X-Forwarded-For is ignored, so a made-up one per request shares one limit", async () => {
    const t = await createTestApp();
    try {
      const codes: number[] = [];
      for (let i = 0; i < ANALYSES_PER_MINUTE + 2; i++) {
        const res = await t.app.inject(
          analysis({
            remoteAddress: "192.0.2.7",
            headers: { "x-forwarded-for": `198.51.100.${i}` },
          }),
        );
        codes.push(res.statusCode);
      }
      expect(count(codes, 400)).toBe(ANALYSES_PER_MINUTE);
      expect(count(codes, 429)).toBe(2);
    } finally {
      await t.close();
    }
  });

  it("a hop count believes that many proxies: the client is the entry the last proxy added", async () => {
    const t = await createTestApp({ TRUST_PROXY: "1" });
    try {
      const max = ANALYSES_PER_MINUTE;
      // Client 203.0.113.1 behind our one proxy; the left entries are whatever the client wrote.
      expect(await remaining(t, "10.0.0.2", "6.6.6.6, 203.0.113.1")).toBe(max - 1);
      expect(await remaining(t, "10.0.0.2", "7.7.7.7, 203.0.113.1")).toBe(max - 2);
      // Another client through the same proxy has its own allowance.
      expect(await remaining(t, "10.0.0.2", "203.0.113.2")).toBe(max - 1);
      // Without the header the proxy itself is the client.
      expect(await remaining(t, "10.0.0.2")).toBe(max - 1);
    } finally {
      await t.close();
    }
  });

  it("an address list believes only those proxies", async () => {
    const t = await createTestApp({ TRUST_PROXY: "10.0.0.0/8, loopback" });
    try {
      const max = ANALYSES_PER_MINUTE;
      expect(await remaining(t, "10.1.2.3", "203.0.113.9")).toBe(max - 1);
      expect(await remaining(t, "10.9.9.9", "203.0.113.9")).toBe(max - 2);
      // From an address outside the list the header is ignored: the caller is the client.
      expect(await remaining(t, "192.0.2.50", "203.0.113.9")).toBe(max - 1);
      expect(await remaining(t, "192.0.2.50", "203.0.113.10")).toBe(max - 2);
    } finally {
      await t.close();
    }
  });

  it("refuses to trust everyone, and names what it cannot read", () => {
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY=1/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/10\.0\.0\.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: "proxy.example" })).toThrow(/proxy\.example/);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, fd00::/8,loopback" }).trustProxy).toEqual([
      "10.0.0.1",
      "fd00::/8",
      "loopback",
    ]);
  });
});

describe("counters", () => {
  it("count a window atomically, start again after it, and take an attempt back", async () => {
    const t = await createTestApp();
    try {
      for (const counters of [new MemoryCounters(), new DatabaseCounters(t.db)]) {
        const key = `unit-${randomUUID()}`;
        const hits = await Promise.all(Array.from({ length: 8 }, () => counters.hit(key, 60_000)));
        expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
        expect(hits.every((h) => h.ttlMs > 0 && h.ttlMs <= 60_000)).toBe(true);
        await counters.undo(key);
        expect((await counters.hit(key, 60_000)).count).toBe(8);
        const short = `unit-${randomUUID()}`;
        await counters.hit(short, 30);
        await new Promise((r) => setTimeout(r, 80));
        expect((await counters.hit(short, 30)).count).toBe(1);
      }
    } finally {
      await t.close();
    }
  });

  it("use the database on PostgreSQL and process memory on the embedded database", async () => {
    const t = await createTestApp();
    try {
      expect(t.app.counters.kind).toBe(onPostgres ? "database" : "memory");
    } finally {
      await t.close();
    }
  });
});

/** Two instances serving one site: one namespace, each with its own database handle and store. */
async function twoInstances(env: Record<string, string> = {}): Promise<[TestApp, TestApp]> {
  const namespace = `pair-${randomUUID().slice(0, 8)}:`;
  const a = await createTestApp(env, { rateLimitNamespace: namespace });
  const b = await createTestApp(env, { rateLimitNamespace: namespace });
  return [a, b];
}

async function expectOneTotal([a, b]: [TestApp, TestApp]) {
  // Analyses from one address, spread over both instances: 10 in all, not 10 each.
  const codes: number[] = [];
  for (let i = 0; i < 2 * ANALYSES_PER_MINUTE; i++) {
    codes.push((await (i % 2 ? b : a).app.inject(analysis())).statusCode);
  }
  expect(count(codes, 400)).toBe(ANALYSES_PER_MINUTE);
  expect(count(codes, 429)).toBe(ANALYSES_PER_MINUTE);
  // 20 parallel wrong admin passwords over both: at most 5 evaluated in all.
  const guesses = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      (i % 2 ? b : a).app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { password: `wrong-guess-${i}` },
      }),
    ),
  );
  const guessCodes = codesOf(guesses);
  expect(count(guessCodes, 401)).toBe(ADMIN_ATTEMPTS.max);
  expect(count(guessCodes, 429)).toBe(20 - ADMIN_ATTEMPTS.max);
}

describe.runIf(onPostgres)("two instances on one PostgreSQL", () => {
  it("allow the same total as one (counters in the database)", async () => {
    const pair = await twoInstances({ ADMIN_PASSWORD: "the-real-admin-password" });
    try {
      expect(pair[0].database).not.toBe(pair[1].database);
      expect(pair[0].app.counters.kind).toBe("database");
      await expectOneTotal(pair);
    } finally {
      await Promise.all(pair.map((p) => p.close()));
    }
  });
});

describe("two instances with REDIS_URL", async () => {
  const reachable = await redisReachable();
  it.runIf(reachable)("allow the same total as one (counters in Redis)", async () => {
    const pair = await twoInstances({
      ADMIN_PASSWORD: "the-real-admin-password",
      REDIS_URL,
    });
    try {
      expect(pair[0].app.counters.kind).toBe("redis");
      await expectOneTotal(pair);
    } finally {
      await Promise.all(pair.map((p) => p.close()));
    }
  });
  it.runIf(!reachable)(`needs Redis at ${REDIS_URL} (not reachable here)`, () => {
    console.warn(`Redis not reachable at ${REDIS_URL}: the Redis counters test did not run`);
  });
});
