import { createPublicKey, randomBytes, verify } from "node:crypto";
import { eq, and } from "drizzle-orm";
import webpush from "web-push";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { addDaysIso } from "@flockkeeper/shared/schemas/common";
import { emailDigests, farmMembers, pushSubscriptions } from "../../db/schema/index";
import { createTestApp, type TestApp, type TestUser } from "../../test/helpers";
import { buildKeeper, buildMember, today } from "../../test/factories";
import { listTasksOf } from "../tasks/tasks.service";
import type * as TasksService from "../tasks/tasks.service";
import { prepareEmails } from "../email/email-digest.service";
import {
  VAPID_RENEW_SECONDS,
  VAPID_TOKEN_SECONDS,
  localTime,
  outcomeWriter,
  preparePushes,
  vapidAuthorization,
} from "./push.service";

/*
 * The digest run's costs that were per keeper and are now per batch or per push service: the
 * VAPID signature (one per push service until shortly before it expires), the Today of a batch of
 * keepers (one `listTasksOf`), the date formatter (one per time zone). The push and email route
 * tests check the messages themselves end to end (decrypted payload, VAPID signature, SMTP).
 */

// The real `listTasksOf`, counted: a batch of digests must read its keepers' Today in one call.
vi.mock("../tasks/tasks.service", async (importOriginal) => {
  const actual = await importOriginal<typeof TasksService>();
  return { ...actual, listTasksOf: vi.fn(actual.listTasksOf) };
});
const listTasksOfCalls = () => vi.mocked(listTasksOf).mock.calls;

const b64u = (b: Buffer) => b.toString("base64url");

/** The JWT of a `vapid t=..., k=...` header: claims, and whether its ES256 signature verifies. */
function vapidToken(authorization: string) {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  expect(m, authorization).not.toBeNull();
  const [h, p, s] = m![1]!.split(".") as [string, string, string];
  const raw = Buffer.from(m![2]!, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) },
    format: "jwk",
  });
  return {
    claims: JSON.parse(Buffer.from(p, "base64url").toString()) as {
      aud: string;
      exp: number;
      sub: string;
    },
    verified: verify(
      "sha256",
      Buffer.from(`${h}.${p}`),
      { key, dsaEncoding: "ieee-p1363" },
      Buffer.from(s, "base64url"),
    ),
  };
}

describe("VAPID header reuse", () => {
  const details = { subject: "mailto:push@localhost", ...webpush.generateVAPIDKeys() };
  // Whole seconds (a JWT's exp is in seconds). Near the real clock: web-push refuses to sign an
  // expiry more than 24 h after it.
  const t0 = Math.floor(Date.now() / 1000) * 1000;

  it("signs once per push service and reuses the token for its other devices", () => {
    const a = vapidAuthorization("https://fcm.googleapis.com/fcm/send/device-a", details, t0);
    const b = vapidAuthorization(
      "https://fcm.googleapis.com/fcm/send/device-b",
      details,
      t0 + 60_000,
    );
    expect(b).toBe(a);
    const token = vapidToken(a);
    expect(token.verified).toBe(true);
    expect(token.claims).toEqual({
      aud: "https://fcm.googleapis.com",
      exp: t0 / 1000 + VAPID_TOKEN_SECONDS,
      sub: details.subject,
    });

    // Another push service: its own token, for its own origin.
    const other = vapidAuthorization(
      "https://updates.push.services.mozilla.com/wpush/v2/x",
      details,
      t0 + 60_000,
    );
    expect(other).not.toBe(a);
    expect(vapidToken(other).claims.aud).toBe("https://updates.push.services.mozilla.com");

    // Another key pair (another database): never the first pair's token.
    const rotated = { ...details, ...webpush.generateVAPIDKeys() };
    const mine = vapidAuthorization("https://fcm.googleapis.com/fcm/send/c", rotated, t0);
    expect(mine).not.toBe(a);
    expect(vapidToken(mine).verified).toBe(true);
  });

  it("signs anew shortly before the token expires", () => {
    const endpoint = "https://web.push.apple.com/QGx-renew";
    const first = vapidAuthorization(endpoint, details, t0);
    const exp = vapidToken(first).claims.exp;
    // Still well before the renewal margin: the same token.
    const renewAt = (exp - VAPID_RENEW_SECONDS) * 1000;
    expect(vapidAuthorization(endpoint, details, renewAt - 1000)).toBe(first);
    // Within the margin: a new one that expires later, and is valid.
    const renewed = vapidAuthorization(endpoint, details, renewAt);
    expect(renewed).not.toBe(first);
    const token = vapidToken(renewed);
    expect(token.verified).toBe(true);
    expect(token.claims.exp).toBe(renewAt / 1000 + VAPID_TOKEN_SECONDS);
    expect(token.claims.exp * 1000 - renewAt).toBeGreaterThan(VAPID_RENEW_SECONDS * 1000);
  });
});

describe("outcomeWriter", () => {
  it("writes outcomes that come while a write is on its way together, each settled once written", async () => {
    const writes: { status: string; ids: string[] }[] = [];
    const written = new Set<string>();
    const mark = outcomeWriter(async (status, ids) => {
      writes.push({ status, ids });
      await new Promise((resolve) => setTimeout(resolve, 10));
      for (const id of ids) written.add(id);
    });
    const first = mark("a", "sent");
    // Meanwhile, seven more (senders answering while the first write is on its way).
    const rest = ["b", "c", "d", "e", "f", "g", "h"].map((id, i) =>
      mark(id, i % 3 === 0 ? "failed" : i % 3 === 1 ? "skipped" : "sent").then(() => {
        // Settled only once its own outcome is in the database.
        expect(written.has(id)).toBe(true);
      }),
    );
    await first;
    expect(written.has("a")).toBe(true);
    await Promise.all(rest);
    // The first alone, then the seven in one statement per outcome.
    expect(writes).toEqual([
      { status: "sent", ids: ["a"] },
      { status: "sent", ids: ["d", "g"] },
      { status: "skipped", ids: ["c", "f"] },
      { status: "failed", ids: ["b", "e", "h"] },
    ]);
    // Later, a new write of its own.
    await mark("i", "sent");
    expect(writes.at(-1)).toEqual({ status: "sent", ids: ["i"] });
  });

  it("a failed write rejects its outcomes, and the next ones are still written", async () => {
    let fail = true;
    const written: string[] = [];
    const mark = outcomeWriter(async (_status, ids) => {
      await Promise.resolve();
      if (fail) throw new Error("database gone");
      written.push(...ids);
    });
    await expect(mark("a", "sent")).rejects.toThrow("database gone");
    fail = false;
    await mark("b", "failed");
    expect(written).toEqual(["b"]);
  });
});

describe("localTime", () => {
  it("answers each zone's own date and hour, with formatters kept per zone", () => {
    const now = new Date("2030-03-01T02:30:00Z");
    expect(localTime(now, "UTC")).toEqual({ date: "2030-03-01", hour: 2 });
    expect(localTime(now, "America/New_York")).toEqual({ date: "2030-02-28", hour: 21 });
    expect(localTime(now, "Asia/Kolkata")).toEqual({ date: "2030-03-01", hour: 8 });
    // Asked again (a kept formatter): the same answers.
    expect(localTime(now, "America/New_York")).toEqual({ date: "2030-02-28", hour: 21 });
    expect(() => localTime(now, "Mars/Olympus")).toThrow();
  });
});

describe("digest batches", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: "smtp://127.0.0.1:9" });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    vi.mocked(listTasksOf).mockClear();
  });

  async function keeperWithChore(name: string): Promise<TestUser> {
    const keeper = await buildKeeper(t, { firstName: name });
    const res = await keeper.inject({
      method: "POST",
      url: "/api/chores",
      payload: { title: `Chore of ${name}`, frequency: "daily", startDate: addDaysIso(today, -1) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return keeper;
  }

  /** Five keepers on their own farms, and a helper of the first one's farm. */
  async function keepers() {
    const names = ["Ada", "Bea", "Cal", "Dot", "Eli"];
    const own: TestUser[] = [];
    for (const name of names) own.push(await keeperWithChore(name));
    const helper = await buildMember(t, own[0]!, "helper");
    return { own, helper, names };
  }

  it("push: one task read per batch, each keeper's digest with their own farm's tasks", async () => {
    const { own, helper, names } = await keepers();
    const subscribe = async (keeper: TestUser, farmId: string) => {
      const [row] = await t.db
        .insert(pushSubscriptions)
        .values({
          userId: keeper.user.id,
          farmId,
          endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString("hex")}`,
          p256dh: "unused: nothing is encrypted here",
          auth: "unused",
          digestHour: 6,
          timeZone: "UTC",
        })
        .returning();
      return row!;
    };
    const subs: (typeof pushSubscriptions.$inferSelect)[] = [];
    for (const k of own) subs.push(await subscribe(k, k.user.id));
    // The helper, for the first keeper's farm (they are also a member of their own farm).
    subs.push(await subscribe(helper, own[0]!.user.id));
    // A keeper's device whose keeper has since left that farm: nothing to send.
    const leaver = await keeperWithChore("Fay");
    const left = await subscribe(leaver, own[1]!.user.id);
    await t.db
      .insert(farmMembers)
      .values({ farmId: own[1]!.user.id, userId: leaver.user.id, role: "keeper" });
    await t.db
      .delete(farmMembers)
      .where(and(eq(farmMembers.farmId, own[1]!.user.id), eq(farmMembers.userId, leaver.user.id)));

    const batch = [...subs, left].map((s) => ({
      subscription_id: s.id,
      key: `digest:${today}`,
      kind: "digest",
      date: today,
    }));
    const prepared = await preparePushes(t.db, batch, "http://127.0.0.1:9");

    expect(listTasksOfCalls()).toHaveLength(1);
    // One request per keeper and farm (the leaver is no longer asked about).
    expect(listTasksOfCalls()[0]![1]).toHaveLength(6);
    names.forEach((name, i) => {
      expect(prepared[i]?.subscription.id).toBe(subs[i]!.id);
      expect(prepared[i]?.payload).toEqual({
        title: `Today on ${name}'s farm: 1 task`,
        body: `Chore of ${name}`,
        url: "/today",
        tag: `digest:${today}`,
      });
    });
    // The helper's digest is of the farm their subscription names, not of their own farm.
    expect(prepared[5]?.payload.title).toBe("Today on Ada's farm: 1 task");
    expect(prepared[5]?.payload.body).toBe("Chore of Ada");
    expect(prepared[6]).toBeNull();

    // A run claims 100 at a time: 250 digests would be three reads; here, batches of two.
    vi.mocked(listTasksOf).mockClear();
    for (let i = 0; i < batch.length; i += 2) {
      await preparePushes(t.db, batch.slice(i, i + 2), "http://127.0.0.1:9");
    }
    expect(listTasksOfCalls()).toHaveLength(Math.ceil(batch.length / 2));
  });

  it("email: one task read per batch, each keeper's email with their own farm's tasks", async () => {
    const { own, names } = await keepers();
    const digests: (typeof emailDigests.$inferSelect)[] = [];
    for (const k of own) {
      const [row] = await t.db
        .insert(emailDigests)
        .values({
          userId: k.user.id,
          farmId: k.user.id,
          digestHour: 6,
          timeZone: "UTC",
          unsubscribeToken: randomBytes(32).toString("base64url"),
        })
        .returning();
      digests.push(row!);
    }
    const prepared = await prepareEmails(
      t.db,
      digests.map((d) => ({ digest_id: d.id, date: today })),
      { weatherBaseUrl: "http://127.0.0.1:9", publicUrl: "http://localhost:3000" },
    );
    expect(listTasksOfCalls()).toHaveLength(1);
    expect(listTasksOfCalls()[0]![1]).toHaveLength(5);
    names.forEach((name, i) => {
      const mail = prepared[i]!;
      expect(mail.to).toBe(own[i]!.user.email);
      expect(mail.subject).toBe(`Today on ${name}'s farm: 1 task`);
      expect(mail.text).toContain(`- Chore of ${name}\n`);
      expect(mail.text).toContain(digests[i]!.unsubscribeToken);
      for (const other of names.filter((n) => n !== name)) {
        expect(mail.text).not.toContain(`Chore of ${other}`);
      }
    });
  });
});
