import { createECDH, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, inArray } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clickEvents, pushDeliveries, pushSubscriptions } from "../db/schema/index";
import { ANALYSES_PER_MINUTE } from "../modules/analyses/analyses.service";
import { FIRST_RUN_MS } from "../modules/push/push.routes";
import { ADMIN_ATTEMPTS } from "../plugins/admin-auth";
import { buildKeeper, today, type TestUser } from "./factories";
import { createTestApp, type TestApp } from "./helpers";
import { signInOverHttp } from "./http-sign-in";
import { TEST_PASSWORD } from "./sign-in";
import { scratchDatabase, startInstances, stopInstances, type Instance } from "./instances";

/*
 * Several app instances on one PostgreSQL are as safe as one (issue 26 item 5). This file is the
 * one list of the multi-instance guarantees: each is proven below with three real app processes
 * on one database (test/instances.ts), or by the named test of another file, which runs
 * in-process instances with their own connections, caches and LISTEN connection (cheaper to set
 * up for what it checks). A test at the end checks that each named test still exists.
 *
 * Runs in CI's PostgreSQL pass (`npm run test:api:pg`); skipped without TEST_DATABASE_URL.
 */
const here = "test/multi-instance.test.ts";
export const GUARANTEES: { guarantee: string; file: string; test: string }[] = [
  {
    guarantee: "A keeper signed in on one instance is signed in on every instance",
    file: here,
    test: "signs in on one instance, finishes on another, and is signed in on all",
  },
  {
    guarantee: "Sign-out, sign-out everywhere and a password change end sessions on all within 1 s",
    file: here,
    test: "sign-out everywhere on one and a password change on another are refused on all within 1 s",
  },
  {
    guarantee: "An account deleted on one instance gets 401 (never 500) on the others",
    file: "modules/auth/sessions-everywhere.test.ts",
    test: "account deletion: the other instance answers 401 (never 500) and clears the cookie",
  },
  {
    guarantee: "A farm member removed on one instance is refused on the others within 1 s",
    file: "modules/farms/members-everywhere.test.ts",
    test: "a member removed on one instance is refused on the other within 1 s",
  },
  {
    guarantee: "Request limits: N instances allow the same total as one (counters in PostgreSQL)",
    file: here,
    test: "three instances allow the same request totals as one",
  },
  {
    guarantee: "Request limits with REDIS_URL: the counters in Redis, the same total",
    file: "plugins/rate-limit.test.ts",
    test: "allow the same total as one (counters in Redis)",
  },
  {
    guarantee: "A write on one instance is never answered stale by another (read cache on)",
    file: here,
    test: "random interleaved writes and reads over three instances are never answered stale",
  },
  {
    guarantee: "Every cached list (birds, egg records, stats) follows a write on another instance",
    file: "plugins/read-cache.instances.test.ts",
    test: "a write on one instance is seen at once on the other, for every cached list",
  },
  {
    guarantee: "An import on one instance, exported on another, is the keeper's data",
    file: here,
    test: "exports on one instance what was written on the others, and imports it on a third",
  },
  {
    guarantee: "A write retried with its Idempotency-Key on another instance is done once",
    file: "plugins/idempotency.test.ts",
    test: "gives the same answer on another instance of the same database",
  },
  {
    guarantee: "An instance killed with SIGKILL mid-write loses nothing it acknowledged",
    file: here,
    test: "an instance killed with SIGKILL mid-write loses nothing it acknowledged, and starts again",
  },
  {
    guarantee: "Push and email digests: sent once across instances",
    file: here,
    test: "the push and email digests go out once across the instances' schedules",
  },
  {
    guarantee: "Push: schedules running at the same instant send each notification once",
    file: "modules/push/push.routes.test.ts",
    test: "two instances running the schedule at once send each notification once",
  },
  {
    guarantee: "Email: schedules running at the same instant send each digest once",
    file: "modules/email/email-digest.routes.test.ts",
    test: "two instances running the schedule at once send each digest once",
  },
  {
    guarantee: "Cache notices reach every instance; a dropped listener resets its caches",
    file: "db/invalidation.test.ts",
    test: "after its connection is terminated, the listener resets its subscribers and reconnects",
  },
  {
    guarantee: "The database gone: 503 with Retry-After, never 500, and recovery",
    file: "plugins/database-unavailable.test.ts",
    test: "answers 503 with Retry-After and a clear message, never 500, and recovers",
  },
  {
    guarantee: "The embedded database serves one process only (several instances need PostgreSQL)",
    file: "db/data-dir-lock.test.ts",
    test: "refuses the second with a clear message and a non-zero exit",
  },
];

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

it("every multi-instance guarantee names a test that exists", () => {
  for (const g of GUARANTEES) {
    const text = fs.readFileSync(path.join(srcDir, g.file), "utf8");
    expect(text.includes(`"${g.test}"`), `${g.file}: "${g.test}" (${g.guarantee})`).toBe(true);
  }
});

const INSTANCES = 3;
const ADMIN_PASSWORD = "the-multi-instance-admin-password";

type Json = Record<string, unknown>;

describe.runIf(process.env.TEST_DATABASE_URL)(
  `${INSTANCES} app processes on one PostgreSQL`,
  () => {
    let db: Awaited<ReturnType<typeof scratchDatabase>>;
    let seed: TestApp;
    let instances: Instance[] = [];
    let publicOrigin: string;
    let lastStart = 0;

    // A push service and an SMTP server of the test's (as in the push and email tests).
    const pushed: { path: string }[] = [];
    const mailed: { to: string[] }[] = [];
    let receiver: http.Server;
    let sink: SMTPServer;
    let pushKeeper: TestUser;
    let mailKeeper: TestUser;

    beforeAll(async () => {
      receiver = http.createServer((req, res) => {
        req.resume();
        req.on("end", () => {
          const url = new URL(req.url ?? "/", "http://x");
          if (url.pathname.startsWith("/push/")) pushed.push({ path: url.pathname });
          // The forecast is not asked for (no keeper here has a place): anything else is a 404.
          res.writeHead(url.pathname.startsWith("/push/") ? 201 : 404).end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
      const origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
      sink = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        logger: false,
        onData(stream, session, callback) {
          stream.resume();
          stream.on("end", () => {
            mailed.push({ to: session.envelope.rcptTo.map((r) => r.address) });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
      const smtpUrl = `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}`;
      const env = {
        PUSH_ENDPOINT_ORIGINS: origin,
        WEATHER_BASE_URL: origin,
        SMTP_URL: smtpUrl,
        SMTP_FROM: "FlockKeeper <digest@flockkeeper.test>",
      };

      // A database of the suite's own: the instances' schedules then send only this suite's digests.
      db = await scratchDatabase();
      // Migrates it, and makes the keepers whose digests are due before the instances start: each
      // instance's schedule runs its first round a second after it starts.
      seed = await createTestApp({ ...env, READ_CACHE: "false" }, { databaseUrl: db.url });
      pushKeeper = await keeperWithChore(seed, "Pia");
      const sub = await pushKeeper.inject({
        method: "POST",
        url: "/api/push/subscriptions",
        payload: {
          endpoint: `${origin}/push/${pushKeeper.user.id}`,
          // A browser's P-256 public key and auth secret (nobody decrypts here: push.routes.test does).
          keys: {
            p256dh: createECDH("prime256v1").generateKeys().toString("base64url"),
            auth: randomBytes(16).toString("base64url"),
          },
          timeZone: "UTC",
          digestHour: 0,
        },
      });
      expect(sub.statusCode, sub.body).toBe(201);
      mailKeeper = await keeperWithChore(seed, "Mo");
      const mail = await mailKeeper.inject({
        method: "PUT",
        url: "/api/email-digest",
        payload: { digestHour: 0, timeZone: "UTC" },
      });
      expect(mail.statusCode, mail.body).toBe(200);

      instances = await startInstances(INSTANCES, {
        databaseUrl: db.url,
        env: {
          ...env,
          ADMIN_PASSWORD,
          // As `npm start` serves (the default, said here so that no outer setting changes it).
          READ_CACHE: "true",
          PUSH_SENDER: "true",
        },
      });
      lastStart = Date.now();
      publicOrigin = instances[0]!.url;
    }, 180_000);

    afterAll(async () => {
      await stopInstances(instances);
      await seed?.close();
      await db?.drop();
      receiver?.closeAllConnections();
      await new Promise<void>((resolve) =>
        receiver ? receiver.close(() => resolve()) : resolve(),
      );
      await new Promise<void>((resolve) => (sink ? sink.close(() => resolve()) : resolve()));
    }, 60_000);

    const at = (i: number) => instances[i % instances.length]!;

    /** A request to one instance with a session cookie, as the browser sends it (Origin on writes). */
    async function call(
      inst: Instance,
      cookie: string,
      url: string,
      init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
    ) {
      const headers: Record<string, string> = { cookie, origin: publicOrigin, ...init.headers };
      if (init.body !== undefined) headers["content-type"] = "application/json";
      const res = await fetch(`${inst.url}${url}`, {
        method: init.method ?? "GET",
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        redirect: "manual",
      });
      const text = await res.text();
      return { status: res.status, text, json: <T = Json>() => JSON.parse(text) as T };
    }

    /** A keeper signed in over HTTP through the built-in provider: returns the cookie header. */
    async function signIn(email: string, finishOn = at(0)) {
      const jar = await signInOverHttp(at(0).url, {
        name: "Multi Keeper",
        email,
        finishOn: finishOn.url,
      });
      const token = jar.get("fk_session");
      expect(token, "a session cookie").toBeTruthy();
      return `fk_session=${token}`;
    }

    /** Polls `url` on every instance until each answers 401; fails when one still answers after 1 s. */
    async function refusedEverywhereWithin1s(cookie: string, url = "/api/auth/user") {
      const started = Date.now();
      const pending = new Set(instances);
      while (pending.size > 0) {
        for (const inst of [...pending]) {
          const res = await call(inst, cookie, url);
          if (res.status === 401) pending.delete(inst);
          else expect(res.status, `${url} on ${inst.name}`).toBe(200);
        }
        if (pending.size === 0) break;
        if (Date.now() - started > 1000) {
          throw new Error(
            `still accepted after 1 s on ${[...pending].map((i) => i.name).join(", ")}`,
          );
        }
        await new Promise((r) => setTimeout(r, 25));
      }
      return Date.now() - started;
    }

    it("signs in on one instance, finishes on another, and is signed in on all", async () => {
      const email = `multi-signin-${randomUUID().slice(0, 8)}@example.com`;
      // The sign-in starts on A and its callback lands on B: the provider's state and the login
      // transaction live in the database and the cookie, not in one process.
      const cookie = await signIn(email, at(1));
      for (const inst of instances) {
        const res = await call(inst, cookie, "/api/auth/user");
        expect(res.status, inst.name).toBe(200);
        expect(res.json().email).toBe(email);
      }
      // A write on C is read on A.
      const made = await call(at(2), cookie, "/api/chickens", {
        method: "POST",
        body: { name: "Clementine", breed: "Sussex" },
      });
      expect(made.status, made.text).toBe(201);
      const list = await call(at(0), cookie, "/api/chickens");
      expect(list.json<{ name: string }[]>().map((c) => c.name)).toEqual(["Clementine"]);
      // Sign-out on B ends it on every instance.
      const out = await call(at(1), cookie, "/api/logout", { method: "POST" });
      expect(out.status).toBe(302);
      await refusedEverywhereWithin1s(cookie);
    });

    it("sign-out everywhere on one and a password change on another are refused on all within 1 s", async () => {
      const email = `multi-revoke-${randomUUID().slice(0, 8)}@example.com`;
      const laptop = await signIn(email);
      const phone = await signIn(email, at(2));
      // Every instance has resolved both sessions (and holds them in its session cache).
      for (const inst of instances) {
        for (const cookie of [laptop, phone]) {
          expect((await call(inst, cookie, "/api/auth/user")).status).toBe(200);
        }
      }
      const ended = await call(at(1), laptop, "/api/account/sessions/sign-out-everywhere", {
        method: "POST",
      });
      expect(ended.status, ended.text).toBe(200);
      await refusedEverywhereWithin1s(phone);
      await refusedEverywhereWithin1s(laptop);

      // Password change on C: the keeper's other sessions end everywhere, the one that changed it stays.
      const here = await signIn(email);
      const there = await signIn(email);
      for (const inst of instances)
        expect((await call(inst, there, "/api/auth/user")).status).toBe(200);
      const changed = await call(at(2), here, "/api/auth/password", {
        method: "POST",
        body: { currentPassword: TEST_PASSWORD, newPassword: "a brand new coop password" },
      });
      expect(changed.status, changed.text).toBe(204);
      await refusedEverywhereWithin1s(there, "/api/chickens");
      for (const inst of instances)
        expect((await call(inst, here, "/api/auth/user")).status).toBe(200);
    });

    it("three instances allow the same request totals as one", async () => {
      const keeper = await buildKeeper(seed);
      // Analyses for one keeper, spread over the instances: 10 a minute in all, not 10 on each. An
      // empty image is refused (400) after the limit has counted it.
      const codes: number[] = [];
      for (let i = 0; i < INSTANCES * ANALYSES_PER_MINUTE; i++) {
        const res = await call(at(i), keeper.cookie, "/api/analyze-feces", {
          method: "POST",
          body: { image: "" },
        });
        codes.push(res.status);
      }
      expect(codes.filter((c) => c === 400)).toHaveLength(ANALYSES_PER_MINUTE);
      expect(codes.filter((c) => c === 429)).toHaveLength((INSTANCES - 1) * ANALYSES_PER_MINUTE);
      // Wrong admin passwords in parallel over all instances: 5 are checked in all, the rest refused.
      const guesses = await Promise.all(
        Array.from({ length: 21 }, (_, i) =>
          fetch(`${at(i).url}/api/admin/login`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: publicOrigin },
            body: JSON.stringify({ password: `wrong-guess-${i}` }),
          }).then(async (r) => (await r.body?.cancel(), r.status)),
        ),
      );
      expect(guesses.filter((c) => c === 401)).toHaveLength(ADMIN_ATTEMPTS.max);
      expect(guesses.filter((c) => c === 429)).toHaveLength(21 - ADMIN_ATTEMPTS.max);
    });

    it("random interleaved writes and reads over three instances are never answered stale", async () => {
      const keeper = await buildKeeper(seed);
      const { cookie } = keeper;
      // A small seeded generator, so that a failure can be replayed (the seed is in the message).
      const seedNo = Date.now() % 2147483647;
      let state = seedNo;
      const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
      const birds = new Map<string, string>(); // id -> name, as the acknowledged writes left them
      const eggs = new Map<string, number>(); // egg record id -> eggs laid
      const eggBird = new Map<string, string>(); // egg record id -> its bird
      let lastWriter: Instance | null = null;
      let staleChances = 0;
      for (let step = 0; step < 150; step++) {
        const inst = pick(instances);
        const roll = random();
        const where = `seed ${seedNo}, step ${step} on ${inst.name}`;
        if (roll < 0.45) {
          if (lastWriter && lastWriter !== inst) staleChances++;
          // Twice in a row on the same instance: the second may be answered from its memory.
          for (let k = 0; k < 2; k++) {
            const list = await call(inst, cookie, "/api/chickens");
            expect(list.status, where).toBe(200);
            expect(
              list
                .json<{ name: string }[]>()
                .map((c) => c.name)
                .sort(),
              where,
            ).toEqual([...birds.values()].sort());
            const records = await call(inst, cookie, "/api/egg-records");
            expect(records.status, where).toBe(200);
            const got = new Map(
              records.json<{ id: string; eggsLaid: number }[]>().map((r) => [r.id, r.eggsLaid]),
            );
            expect(got, where).toEqual(eggs);
          }
          continue;
        }
        lastWriter = inst;
        const ids = [...birds.keys()];
        if (roll < 0.65 || ids.length === 0) {
          const name = `Hen ${step}`;
          const res = await call(inst, cookie, "/api/chickens", {
            method: "POST",
            body: { name, breed: "Sussex" },
          });
          expect(res.status, `${where}: ${res.text}`).toBe(201);
          birds.set(res.json<{ id: string }>().id, name);
        } else if (roll < 0.75) {
          const id = pick(ids);
          const name = `Renamed ${step}`;
          const res = await call(inst, cookie, `/api/chickens/${id}`, {
            method: "PATCH",
            body: { name },
          });
          expect(res.status, `${where}: ${res.text}`).toBe(200);
          birds.set(id, name);
        } else if (roll < 0.9) {
          // Within the list's default window (the last 30 days).
          const date = new Date(Date.parse(`${today}T00:00:00Z`) - (step % 25) * 86_400_000);
          const chickenId = pick(ids);
          const res = await call(inst, cookie, "/api/egg-records", {
            method: "POST",
            body: { chickenId, date: date.toISOString().slice(0, 10), eggsLaid: 1 + (step % 3) },
          });
          expect(res.status, `${where}: ${res.text}`).toBe(201);
          const id = res.json<{ id: string }>().id;
          eggs.set(id, 1 + (step % 3));
          eggBird.set(id, chickenId);
        } else {
          const id = pick(ids);
          const res = await call(inst, cookie, `/api/chickens/${id}`, { method: "DELETE" });
          expect(res.status, `${where}: ${res.text}`).toBeLessThan(300);
          birds.delete(id);
          // Its egg records go with it.
          for (const [e, bird] of eggBird) if (bird === id) eggs.delete(e);
        }
      }
      // The run did test something: many reads came straight after another instance wrote.
      expect(staleChances).toBeGreaterThan(10);
    }, 60_000);

    it("exports on one instance what was written on the others, and imports it on a third", async () => {
      const from = await signIn(`multi-export-${randomUUID().slice(0, 8)}@example.com`);
      const birdIds: string[] = [];
      for (const [i, name] of ["Ada", "Bea", "Cleo"].entries()) {
        const res = await call(at(i), from, "/api/chickens", {
          method: "POST",
          body: { name, breed: "Orpington" },
        });
        expect(res.status, res.text).toBe(201);
        birdIds.push(res.json<{ id: string }>().id);
      }
      for (const [i, id] of birdIds.entries()) {
        const res = await call(at(i + 1), from, "/api/egg-records", {
          method: "POST",
          body: { chickenId: id, date: today, eggsLaid: i + 1 },
        });
        expect(res.status, res.text).toBe(201);
      }
      // Exported on B right after the writes on A, B and C.
      const exported = await call(at(1), from, "/api/account/export");
      expect(exported.status, exported.text).toBe(200);
      const doc = exported.json<{
        tables: Record<string, Json[]>;
        counts: Record<string, number>;
      }>();
      expect(doc.counts.chickens).toBe(3);
      expect(doc.counts.eggRecords).toBe(3);

      const to = await signIn(`multi-import-${randomUUID().slice(0, 8)}@example.com`);
      // A has the new keeper's empty lists in memory before the import on C.
      expect((await call(at(0), to, "/api/chickens")).json()).toEqual([]);
      expect((await call(at(0), to, "/api/chickens")).json()).toEqual([]);
      const imported = await call(at(2), to, "/api/account/import", { method: "POST", body: doc });
      expect(imported.status, imported.text).toBe(200);
      expect(imported.json()).toMatchObject({ imported: { chickens: 3, eggRecords: 3 } });
      // Read on A: the import, not the remembered empty list.
      const names = (await call(at(0), to, "/api/chickens")).json<{ name: string }[]>();
      expect(names.map((c) => c.name).sort()).toEqual(["Ada", "Bea", "Cleo"]);
      const again = await call(at(0), to, "/api/account/export");
      expect(again.status).toBe(200);
      const after = again.json<{
        tables: Record<string, Json[]>;
        counts: Record<string, number>;
      }>();
      expect(after.counts).toEqual(doc.counts);
      const eggsOf = (d: typeof doc) =>
        d.tables
          .eggRecords!.map((e) => {
            const bird = d.tables.chickens!.find((c) => c.id === e.chickenId)!;
            return `${String(bird.name)} ${String(e.date)} ${String(e.eggsLaid)}`;
          })
          .sort();
      expect(eggsOf(after)).toEqual(eggsOf(doc));
    });

    it("an instance killed with SIGKILL mid-write loses nothing it acknowledged, and starts again", async () => {
      const keeper = await buildKeeper(seed);
      const victim = at(2);
      const marker = `kill-${randomUUID().slice(0, 12)}`;
      const ackedBirds = new Set<string>();
      const ackedClicks = new Set<string>();
      let failed = 0;
      let stop = false;
      let n = 0;
      // Writers keep several requests in flight on C: birds (one insert each) and clicks (written in
      // batches by the click writer, each request answered once its row is stored).
      const writer = async (kind: "bird" | "click") => {
        while (!stop) {
          const i = n++;
          try {
            if (kind === "bird") {
              const res = await call(victim, keeper.cookie, "/api/chickens", {
                method: "POST",
                body: { name: `Kill ${i}`, breed: "Sussex" },
              });
              if (res.status === 201) ackedBirds.add(res.json<{ id: string }>().id);
              else failed++;
            } else {
              const res = await call(victim, keeper.cookie, "/api/track-click", {
                method: "POST",
                body: {
                  elementName: "hen",
                  elementType: "button",
                  elementId: `c${i}`,
                  page: "/",
                  sessionId: marker,
                },
              });
              if (res.status === 204) ackedClicks.add(`c${i}`);
              else failed++;
            }
          } catch {
            failed++; // the connection died with the process: not acknowledged
            return;
          }
        }
      };
      const writers = [
        ...Array.from({ length: 3 }, () => writer("bird")),
        ...Array.from({ length: 3 }, () => writer("click")),
      ];
      while (ackedBirds.size + ackedClicks.size < 30) await new Promise((r) => setTimeout(r, 5));
      await victim.kill("SIGKILL");
      stop = true;
      await Promise.all(writers);
      // Requests were in flight when it died.
      expect(failed).toBeGreaterThan(0);

      // Every acknowledged bird is there, read on A.
      const list = await call(at(0), keeper.cookie, "/api/chickens");
      expect(list.status).toBe(200);
      const stored = new Set(list.json<{ id: string }[]>().map((c) => c.id));
      for (const id of ackedBirds) expect(stored.has(id), `bird ${id}`).toBe(true);
      // Every acknowledged click is stored.
      const rows = await seed.db
        .select({ elementId: clickEvents.elementId })
        .from(clickEvents)
        .where(eq(clickEvents.sessionId, marker));
      const clicks = new Set(rows.map((r) => r.elementId));
      for (const id of ackedClicks) expect(clicks.has(id), `click ${id}`).toBe(true);

      // C starts again at once and answers as A does.
      await victim.start();
      lastStart = Date.now();
      const onC = await call(victim, keeper.cookie, "/api/chickens");
      expect(onC.status).toBe(200);
      expect(onC.text).toBe((await call(at(0), keeper.cookie, "/api/chickens")).text);
    }, 120_000);

    it("the push and email digests go out once across the instances' schedules", async () => {
      const mine = () => pushed.filter((p) => p.path.endsWith(pushKeeper.user.id));
      const mail = () => mailed.filter((m) => m.to.includes(mailKeeper.user.email!));
      const deadline = Date.now() + 30_000;
      while ((mine().length === 0 || mail().length === 0) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      // Every instance's first round (and the restarted one's) has run by now, with room to spare.
      const settled = lastStart + FIRST_RUN_MS + 3_000;
      if (Date.now() < settled) await new Promise((r) => setTimeout(r, settled - Date.now()));
      expect(mine()).toHaveLength(1);
      expect(mail()).toHaveLength(1);
      const subs = await seed.db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, pushKeeper.user.id));
      const deliveries = await seed.db
        .select({ status: pushDeliveries.status, kind: pushDeliveries.kind })
        .from(pushDeliveries)
        .where(
          inArray(
            pushDeliveries.subscriptionId,
            subs.map((s) => s.id),
          ),
        );
      expect(deliveries).toEqual([{ status: "sent", kind: "digest" }]);
    }, 60_000);
  },
);

async function keeperWithChore(t: TestApp, name: string): Promise<TestUser> {
  const keeper = await buildKeeper(t, { firstName: name });
  const res = await keeper.inject({
    method: "POST",
    url: "/api/chores",
    payload: { title: `Clean ${name}'s waterers`, frequency: "daily", startDate: today },
  });
  expect(res.statusCode, res.body).toBe(201);
  return keeper;
}
