import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "@flockkeeper/shared/schemas/common";
import type { PushPayload } from "@flockkeeper/shared/schemas/tasks";
import { pushDeliveries, pushSubscriptions } from "../../db/schema/index";
import {
  createSecondInstance,
  createTestApp,
  type TestApp,
  type TestUser,
} from "../../test/helpers";
import { buildKeeper, today } from "../../test/factories";
import { runNotifications } from "./push.service";

/*
 * A local push service (RFC 8030) started by the test: it records each message, checks the VAPID
 * signature, and the test decrypts the payload (RFC 8291, aes128gcm) with the subscription's keys.
 * The same server stands in for the forecast provider (a stormy day: a severe, urgent alert).
 */
type Received = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };
const received: Received[] = [];
let receiver: http.Server;
let origin: string;
let t: TestApp;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      if (url.pathname === "/v1/forecast") {
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            current: {
              temperature_2m: 60,
              relative_humidity_2m: 50,
              wind_speed_10m: 5,
              weather_code: 95,
            },
            daily: {
              time: [today],
              weather_code: [95],
              temperature_2m_max: [65],
              temperature_2m_min: [50],
              precipitation_sum: [40],
            },
          }),
        );
        return;
      }
      received.push({ path: url.pathname, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(url.pathname.endsWith("/gone") ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({ PUSH_ENDPOINT_ORIGINS: origin, WEATHER_BASE_URL: origin });
});
afterAll(async () => {
  await t.close();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const b64u = (b: Buffer) => b.toString("base64url");

/** A browser's side of a subscription: its ECDH key pair and auth secret. */
function device(name: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    body: (extra: object = {}) => ({
      endpoint: `${origin}/push/${name}`,
      keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
      timeZone: "UTC",
      digestHour: 0,
      ...extra,
    }),
  };
}

/** RFC 8291 + RFC 8188: the payload as the browser decrypts it. */
function decrypt(body: Buffer, ecdh: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const serverKey = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  expect(record.length).toBeLessThanOrEqual(rs);
  const shared = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, "Content-Encoding: aes128gcm\0", 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, "Content-Encoding: nonce\0", 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // Padding: the last record ends with 0x02, then zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  expect(plain[end]).toBe(2);
  return plain.subarray(0, end).toString("utf8");
}

/** The VAPID header (RFC 8292): a JWT for this origin, signed with the public key it names. */
function expectVapid(headers: http.IncomingHttpHeaders, publicKey: string) {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization));
  expect(m, String(headers.authorization)).not.toBeNull();
  const [, jwt, k] = m!;
  expect(k).toBe(publicKey);
  const [h, p, s] = jwt!.split(".") as [string, string, string];
  const claims = JSON.parse(Buffer.from(p, "base64url").toString()) as { aud: string; exp: number };
  expect(claims.aud).toBe(origin);
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  const raw = Buffer.from(k!, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) },
    format: "jwk",
  });
  const ok = verify(
    "sha256",
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(s, "base64url"),
  );
  expect(ok).toBe(true);
}

const sender = (now = new Date()) => ({
  weatherBaseUrl: origin,
  publicUrl: "http://localhost:3000",
  subject: null,
  now,
});

async function keeperWithTasks(name: string): Promise<TestUser> {
  const keeper = await buildKeeper(t, { firstName: name });
  for (const title of ["Clean waterers", "Refill feed"]) {
    const res = await keeper.inject({
      method: "POST",
      url: "/api/chores",
      payload: { title, frequency: "daily", startDate: addDaysIso(today, -1) },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  return keeper;
}

describe("web push", () => {
  it("keeps one VAPID key pair in the database", async () => {
    const a = await t.app.inject({ url: "/api/push/public-key" });
    const b = await t.app.inject({ url: "/api/push/public-key" });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(Buffer.from(a.json<{ publicKey: string }>().publicKey, "base64url")).toHaveLength(65);
  });

  it("sends the morning digest once, encrypted for the device, signed with VAPID", async () => {
    const keeper = await keeperWithTasks("Dora");
    const phone = device(`digest-${keeper.user.id}`);
    const res = await keeper.inject({
      method: "POST",
      url: "/api/push/subscriptions",
      payload: phone.body(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const publicKey = (await t.app.inject({ url: "/api/push/public-key" })).json<{
      publicKey: string;
    }>().publicKey;

    const before = received.length;
    const first = await runNotifications(t.db, sender());
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const mine = received.slice(before).filter((r) => r.path.endsWith(keeper.user.id));
    expect(mine).toHaveLength(1);
    const msg = mine[0]!;
    expect(msg.headers["content-encoding"]).toBe("aes128gcm");
    expect(msg.headers.urgency).toBe("normal");
    expectVapid(msg.headers, publicKey);
    const payload = JSON.parse(decrypt(msg.body, phone.ecdh, phone.auth)) as PushPayload;
    expect(payload).toEqual({
      title: "Today on Dora's farm: 2 tasks",
      body: "Clean waterers\nRefill feed",
      url: "/today",
      tag: `digest:${new Date().toISOString().slice(0, 10)}`,
    });

    // Again (a restart, the next minute): nothing more for today. Only this keeper's messages
    // count: on PostgreSQL other test files' keepers share the database and its schedule.
    await runNotifications(t.db, sender());
    expect(received.slice(before).filter((r) => r.path.endsWith(keeper.user.id))).toHaveLength(1);
  });

  it("two instances running the schedule at once send each notification once", async () => {
    const keeper = await keeperWithTasks("Ivy");
    const phone = device(`two-${keeper.user.id}`);
    await keeper.inject({ method: "POST", url: "/api/push/subscriptions", payload: phone.body() });
    const second = await createSecondInstance(t);
    try {
      const tomorrow = new Date(Date.now() + 86_400_000);
      const before = received.length;
      await Promise.all([
        runNotifications(t.db, sender(tomorrow)),
        runNotifications(second.app.db, sender(tomorrow)),
        runNotifications(t.db, sender(tomorrow)),
      ]);
      expect(received.slice(before).filter((r) => r.path.endsWith(keeper.user.id))).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it("sends a severe weather alert at once, with high urgency; a done one is not sent", async () => {
    const keeper = await buildKeeper(t, { firstName: "Uma" });
    await keeper.inject({
      method: "PUT",
      url: "/api/weather/place",
      payload: { name: "Home", latitude: 12.34, longitude: 5 },
    });
    const phone = device(`urgent-${keeper.user.id}`);
    await keeper.inject({
      method: "POST",
      url: "/api/push/subscriptions",
      payload: phone.body({ digestHour: null }),
    });
    const before = received.length;
    await runNotifications(t.db, sender());
    const mine = received.slice(before).filter((r) => r.path.endsWith(keeper.user.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.headers.urgency).toBe("high");
    const payload = JSON.parse(decrypt(mine[0]!.body, phone.ecdh, phone.auth)) as PushPayload;
    expect(payload.title).toBe("Severe weather expected");
    expect(payload.url).toBe("/poultry-weather");
  });

  it("a push service answering 410 removes the subscription", async () => {
    const keeper = await keeperWithTasks("Gil");
    const phone = device(`${keeper.user.id}/gone`);
    const res = await keeper.inject({
      method: "POST",
      url: "/api/push/subscriptions",
      payload: phone.body(),
    });
    const id = res.json<{ id: string }>().id;
    const result = await runNotifications(t.db, sender());
    expect(result.removed).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id))).toEqual(
      [],
    );
    expect(
      await t.db.select().from(pushDeliveries).where(eq(pushDeliveries.subscriptionId, id)),
    ).toEqual([]);
  });

  it("refuses invalid and foreign subscriptions with a clear 4xx, and nothing is stored", async () => {
    const keeper = await buildKeeper(t);
    const phone = device(`bad-${keeper.user.id}`);
    const cases: [object, number, string][] = [
      [
        phone.body({ endpoint: "https://evil.example/push" }),
        400,
        "Endpoint is not a browser's push service",
      ],
      [
        phone.body({ endpoint: "http://fcm.googleapis.com/fcm/send/x" }),
        400,
        "Endpoint is not a browser's push service",
      ],
      [phone.body({ endpoint: "not a url" }), 400, "Endpoint must be the push service's URL"],
      [
        { ...phone.body(), keys: { p256dh: b64u(randomBytes(20)), auth: b64u(phone.auth) } },
        400,
        "keys.p256dh must be 65 bytes",
      ],
      [
        { ...phone.body(), keys: { p256dh: b64u(phone.ecdh.getPublicKey()), auth: "a" } },
        400,
        "keys.auth must be 16 bytes",
      ],
      [
        { ...phone.body(), keys: { p256dh: b64u(Buffer.alloc(65, 4)), auth: b64u(phone.auth) } },
        400,
        "keys.p256dh is not a P-256 public key",
      ],
      [phone.body({ timeZone: "Mars/Olympus" }), 400, "Unknown time zone"],
      [phone.body({ digestHour: 24 }), 400, "Digest hour must be a whole hour from 0 to 23"],
    ];
    for (const [payload, status, message] of cases) {
      const res = await keeper.inject({ method: "POST", url: "/api/push/subscriptions", payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect(
      await t.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, keeper.user.id)),
    ).toEqual([]);

    // Another keeper's device: not theirs to remove.
    const owner = await buildKeeper(t);
    const ownPhone = device(`own-${owner.user.id}`);
    await owner.inject({
      method: "POST",
      url: "/api/push/subscriptions",
      payload: ownPhone.body(),
    });
    const foreign = await keeper.inject({
      method: "DELETE",
      url: "/api/push/subscriptions",
      payload: { endpoint: ownPhone.body().endpoint },
    });
    expect(foreign.statusCode).toBe(404);
    const mine = await owner.inject({
      method: "DELETE",
      url: "/api/push/subscriptions",
      payload: { endpoint: ownPhone.body().endpoint },
    });
    expect(mine.statusCode).toBe(204);

    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/push/subscriptions",
          payload: phone.body(),
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: "DELETE",
          url: "/api/push/subscriptions",
          payload: { endpoint: "https://fcm.googleapis.com/x" },
        })
      ).statusCode,
    ).toBe(401);
  });
});
