import { randomUUID } from "node:crypto";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso, todayIso } from "@flockkeeper/shared/schemas/common";
import { birdPhoto, healthyDroppings, jpegDataUrl } from "../ai/test/images";
import { ADMIN_COOKIE } from "../plugins/admin-auth";
import {
  accessMatrix,
  type AdminEntry,
  type Answer,
  type KeeperEntry,
  type KeeperListEntry,
  type MatrixEntry,
  type MinRole,
  type OptionalUserEntry,
  type Probe,
  type PublicEntry,
  type Seed,
  PROBE_AUTH,
  PROBE_P256DH,
} from "./access-matrix";
import { buildUser, createTestApp, expectPrivate, type TestApp, type TestUser } from "./helpers";

/*
 * The access-control matrix (see access-matrix.ts): every registered route must be classified,
 * and every classification is probed against real records of another keeper.
 */

const ADMIN_PASSWORD = `matrix-${randomUUID()}`;

/** Every route as `"METHOD /pattern"` (`ALL` for `app.all`), and how often its handler ran. */
const registered = new Set<string>();
const handlerRuns = new Map<string, number>();

/** `ALL` for a route on every method (`app.all`), else the methods joined by commas. */
const routeKey = ({ method, url }: RouteOptions) =>
  `${Array.isArray(method) ? (method.length >= 7 ? "ALL" : method.join(",")) : method} ${url}`;

/** onRoute listener: records the route and counts its handler's runs ("nothing was written"). */
function recordRoute(route: RouteOptions) {
  const key = routeKey(route);
  registered.add(key);
  const handler = route.handler as (this: FastifyInstance, ...args: unknown[]) => unknown;
  route.handler = function countedHandler(this: FastifyInstance, ...args: unknown[]) {
    handlerRuns.set(key, (handlerRuns.get(key) ?? 0) + 1);
    return handler.apply(this, args);
  } as RouteOptions["handler"];
}

let t: TestApp;
let seed: Seed;
let adminToken: string;

type EntryOf<A extends MatrixEntry["access"]> = Extract<MatrixEntry, { access: A }>;
const entriesOf = <A extends MatrixEntry["access"]>(access: A) =>
  Object.entries(accessMatrix).filter((e): e is [string, EntryOf<A>] => e[1].access === access);

let ip = 0;
/** Each request from its own address, so no per-address limit or failure count interferes. */
const nextIp = () => {
  ip += 1;
  return `10.77.${(ip >> 8) & 255}.${ip & 255}`;
};

/** The request for a matrix key: the pattern filled from `params`, plus `query` and `payload`. */
function requestFor(key: string, probe: Probe, s: Seed): InjectOptions {
  const [method, pattern] = key.split(" ") as [string, string];
  const params = probe.params?.(s) ?? {};
  const path = pattern.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => {
    const value = params[name ?? "*"];
    if (value === undefined) throw new Error(`${key}: the matrix gives no value for ${whole}`);
    return value;
  });
  const query = probe.query?.(s);
  const payload = probe.payload?.(s);
  return {
    method: (method === "ALL" ? "GET" : method.split(",")[0]) as InjectOptions["method"],
    url: query ? `${path}?${new URLSearchParams(query).toString()}` : path,
    ...(payload === undefined ? {} : { payload: payload as InjectOptions["payload"] }),
    remoteAddress: nextIp(),
  };
}

const as = (user: TestUser | null, req: InjectOptions) =>
  user ? user.inject({ ...req, remoteAddress: nextIp() }) : t.app.inject(req);
const asAdmin = (req: InjectOptions) =>
  t.app.inject({ ...req, remoteAddress: nextIp(), cookies: { [ADMIN_COOKIE]: adminToken } });

function answerOf(res: LightMyRequestResponse, decode?: (raw: Buffer) => string): Answer {
  const text = decode && res.statusCode < 300 ? decode(res.rawPayload) : res.body;
  let body: unknown;
  if (String(res.headers["content-type"] ?? "").includes("json")) {
    try {
      body = JSON.parse(res.body);
    } catch {
      body = undefined;
    }
  }
  return { status: res.statusCode, body, text };
}

/** No answer to anyone but the owner may carry the owner's ids, email or marked text. */
function expectNoLeak(where: string, res: LightMyRequestResponse, a: Answer = answerOf(res)) {
  const secrets = [
    seed.mark,
    seed.owner.user.id,
    seed.owner.user.email,
    seed.chickenId,
    seed.eggRecordId,
    seed.feedRecordId,
    seed.weightRecordId,
    seed.environmentalRecordId,
    seed.flockId,
    seed.flockEventId,
    seed.eggCollectionId,
    seed.transactionId,
    seed.hatchId,
    seed.candlingId,
    seed.vaccinationId,
    seed.treatmentId,
    seed.choreId,
    seed.recentSearchId,
    seed.analysisId,
  ].filter((x): x is string => Boolean(x));
  expect(
    secrets.filter((x) => a.text.includes(x)),
    `${where} reveals the owner's data`,
  ).toEqual([]);
  const cookies = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
  expect(
    cookies.filter((c) => c.startsWith(`${ADMIN_COOKIE}=`) && !c.startsWith(`${ADMIN_COOKIE}=;`)),
    `${where} must not start an admin session`,
  ).toEqual([]);
}

/** The owner's whole account as their JSON export shows it (minus its timestamp). */
async function ownerState(): Promise<string> {
  const res = await as(seed.owner, { method: "GET", url: "/api/account/export" });
  expect(res.statusCode, "the owner can export their account").toBe(200);
  const { exportedAt: _ignored, ...doc } = res.json() as Record<string, unknown>;
  return JSON.stringify(doc);
}

async function expectOwnerUnchanged(key: string, before: string) {
  expect(await ownerState(), `${key} changed the owner's data`).toBe(before);
  const me = await as(seed.owner, { method: "GET", url: "/api/auth/user" });
  expect(me.statusCode, `${key} ended the owner's session`).toBe(200);
}

/** What the admin sees of the records this file made (ads, partners, subscriber). */
async function adminState(): Promise<string> {
  const lists = await Promise.all(
    ["/api/admin/advertisements", "/api/admin/affiliates", "/api/admin/newsletter-subscribers"].map(
      async (url) => {
        const res = await asAdmin({ method: "GET", url });
        expect(res.statusCode, `admin GET ${url}`).toBe(200);
        return (res.json() as unknown[]).filter((row) => {
          const j = JSON.stringify(row);
          return j.includes(seed.adminMark) || j.includes(seed.adId) || j.includes(seed.partnerId);
        });
      },
    ),
  );
  return JSON.stringify(lists);
}

/** Signed out: 401, and the handler never ran (HEAD too, for a GET route). */
async function expectSignedOutRefused(key: string, req: InjectOptions) {
  const runs = handlerRuns.get(key) ?? 0;
  const res = await t.app.inject(req);
  expect(res.statusCode, `${key} signed out`).toBe(401);
  expectNoLeak(`${key} signed out`, res);
  if (req.method === "GET") {
    const head = await t.app.inject({ ...req, method: "HEAD" });
    expect(head.statusCode, `HEAD ${key.slice(4)} signed out`).toBe(401);
  }
  expect(handlerRuns.get(key) ?? 0, `${key} ran its handler for a signed-out visitor`).toBe(runs);
}

async function seedOwner(): Promise<Seed> {
  const mark = `mx${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const adminMark = `ma${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const today = todayIso(new Date());
  const owner = await buildUser(t, { firstName: mark });
  const ok = async (method: InjectOptions["method"], url: string, payload?: object) => {
    const res = await as(owner, { method, url, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `seed ${method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
    return res.json() as Record<string, unknown> & { id: string };
  };
  const photo = jpegDataUrl(await healthyDroppings(160, 120));
  const ownPng = (await birdPhoto("#b0b0b0", null, 64, 48)).toString("base64");
  const probeImage = (await birdPhoto("#303030", null, 40, 30)).toString("base64");

  const image = await ok("POST", "/api/images", { image: ownPng });
  const imageUrl = String(image.url);
  const bird = await ok("POST", "/api/chickens", {
    name: `${mark} hen`,
    breed: "Sussex",
    sex: "hen",
    healthStatus: "sick",
    notes: mark,
    imageUrl,
  });
  const flock = await ok("POST", "/api/flocks", {
    name: `${mark} layers`,
    startDate: addDaysIso(today, -5),
    headcount: 12,
    notes: mark,
  });
  const flockEvent = await ok("POST", `/api/flocks/${flock.id}/events`, {
    type: "sold",
    date: addDaysIso(today, -1),
    count: 2,
    price: 20,
    buyer: mark,
  });
  const basket = await ok("POST", "/api/egg-collections", {
    flockId: flock.id,
    date: addDaysIso(today, -1),
    eggs: 8,
    notes: mark,
  });
  const egg = await ok("POST", "/api/egg-records", {
    chickenId: bird.id,
    date: today,
    eggsLaid: 3,
    notes: mark,
  });
  const hatch = await ok("POST", "/api/hatch-records", {
    eggSource: mark,
    species: "chicken",
    incubationStartDate: addDaysIso(today, -3),
  });
  // A finished hatch from a breeding flock, so the owner's hatch histories (per breed and per
  // breeder pair) are not empty.
  const pen = await ok("POST", "/api/flocks", {
    name: `${mark} ducks`,
    species: "duck",
    startDate: addDaysIso(today, -60),
    headcount: 3,
  });
  const finished = await ok("POST", "/api/hatch-records", {
    eggSource: mark,
    species: "duck",
    breed: mark,
    eggsSet: 4,
    incubationStartDate: addDaysIso(today, -30),
    breedingFlockId: pen.id,
  });
  await ok("POST", `/api/hatch-records/${finished.id}/result`, {
    date: addDaysIso(today, -2),
    hatched: 2,
  });
  const candled = await ok("POST", `/api/hatch-records/${hatch.id}/candlings`, {
    date: addDaysIso(today, -1),
    fertile: 2,
    clear: 1,
    notes: mark,
  });
  const vaccination = await ok("POST", "/api/vaccinations", {
    vaccine: "Newcastle Disease",
    birdId: bird.id,
    birdName: mark,
    date: addDaysIso(today, -400),
  });
  const treatment = await ok("POST", "/api/treatments", {
    flockId: flock.id,
    product: mark,
    route: "water",
    startDate: addDaysIso(today, -2),
    reason: mark,
    eggWithdrawalDays: 7,
    meatWithdrawalDays: 7,
    notes: mark,
  });
  const search = await ok("POST", "/api/recent-searches", { term: mark });
  const chore = await ok("POST", "/api/chores", { title: `${mark} chore`, frequency: "daily" });
  await ok("POST", "/api/push/subscriptions", {
    endpoint: `https://fcm.googleapis.com/fcm/send/${mark}-owner`,
    keys: { p256dh: PROBE_P256DH, auth: PROBE_AUTH },
    timeZone: "UTC",
    digestHour: 7,
  });
  const analysis = await ok("POST", "/api/analyze-feces", { image: photo, birdId: bird.id });
  expect(analysis.analysisId, "seed: the analysis is saved").toEqual(expect.any(String));
  const feed = await ok("POST", "/api/feed-records", {
    chickenId: bird.id,
    date: today,
    feedType: mark,
    feedAmount: 2,
    feedCost: 1,
  });
  const weight = await ok("POST", "/api/weight-records", {
    chickenId: bird.id,
    date: today,
    weight: 5,
    notes: mark,
  });
  const coop = await ok("POST", "/api/environmental-records", {
    date: today,
    temperature: 70,
    notes: mark,
  });
  const money = await ok("POST", "/api/transactions", {
    type: "income",
    category: "eggs",
    date: today,
    amount: 7,
    quantity: 2,
    unit: "dozen",
    flockId: flock.id,
    notes: mark,
  });
  await ok("PUT", "/api/weather/place", { name: mark, latitude: 51.5, longitude: -0.12 });
  await ok("PATCH", "/api/account/settings", { eggPrice: 0.5, temperatureUnit: "C" });
  await ok("POST", "/api/health-predictions/generate");
  // Two members of the owner's farm, joined by invitation, and one invitation still open.
  const join = async (role: "keeper" | "helper") => {
    const inv = await ok("POST", `/api/farms/${owner.user.id}/invitations`, { role });
    const member = await buildUser(t);
    const res = await as(member, {
      method: "POST",
      url: `/api/invitations/${String(inv.token)}/accept`,
    });
    expect(res.statusCode, `seed: a ${role} joins: ${res.body}`).toBe(200);
    return member;
  };
  const keeperMember = await join("keeper");
  const helperMember = await join("helper");
  const openInvitation = await ok("POST", `/api/farms/${owner.user.id}/invitations`, {
    role: "helper",
  });
  const exportRes = await as(owner, { method: "GET", url: "/api/account/export" });
  expect(exportRes.statusCode).toBe(200);

  const login = await t.app.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: { password: ADMIN_PASSWORD },
    remoteAddress: nextIp(),
  });
  expect(login.statusCode, "admin login").toBe(200);
  const cookie = login.cookies.find((c) => c.name === ADMIN_COOKIE);
  adminToken = cookie!.value;
  const adminOk = async (url: string, payload: object) => {
    const res = await asAdmin({ method: "POST", url, payload });
    expect(res.statusCode, `seed POST ${url}: ${res.body.slice(0, 300)}`).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const adId = await adminOk("/api/admin/advertisements", {
    title: `${adminMark} seeded ad`,
    description: "Seeded",
    category: "feed",
    isActive: 1,
  });
  const partnerId = await adminOk("/api/admin/affiliates", {
    name: `${adminMark} seeded partner`,
    baseUrl: "https://example.com",
    title: "Seeded",
    category: "feed",
  });
  const sub = await t.app.inject({
    method: "POST",
    url: "/api/newsletter",
    payload: { email: `${adminMark}@example.com`, consent: true },
    remoteAddress: nextIp(),
  });
  expect(sub.statusCode, "seed newsletter").toBe(200);

  return {
    owner,
    mark,
    today,
    chickenId: bird.id,
    eggRecordId: egg.id,
    feedRecordId: feed.id,
    weightRecordId: weight.id,
    environmentalRecordId: coop.id,
    flockId: flock.id,
    flockEventId: flockEvent.id,
    eggCollectionId: basket.id,
    transactionId: money.id,
    hatchId: hatch.id,
    candlingId: (candled.candlings as { id: string }[])[0]!.id,
    vaccinationId: vaccination.id,
    treatmentId: treatment.id,
    choreId: chore.id,
    choreTaskId: `chore:${chore.id}:${today}`,
    recentSearchId: search.id,
    analysisId: String(analysis.analysisId),
    imageFile: imageUrl.split("/").pop()!,
    exportDoc: exportRes.json(),
    farmId: owner.user.id,
    keeperMember,
    helperMember,
    invitationId: openInvitation.id,
    photo,
    probeImage,
    adminMark,
    adId,
    partnerId,
  };
}

beforeAll(async () => {
  // Limits count per keeper, and the matrix sends hundreds of requests as its one owner: this app
  // allows 100 times each route's limit, so what is checked here is access, not the limits
  // (plugins/rate-limit.test.ts checks those at their real values).
  t = await createTestApp(
    // Email set up (nothing listens there, and the sender does not run in tests): its routes act.
    { ADMIN_PASSWORD, SMTP_URL: "smtp://127.0.0.1:9" },
    { onRoute: recordRoute, rateLimitScale: 100 },
  );
  seed = await seedOwner();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("the access matrix", () => {
  it("classifies every route the server registers, and nothing else", () => {
    // A HEAD route Fastify adds beside a GET route shares the GET route's entry.
    const headTwins = [...registered].filter(
      (k) => k.startsWith("HEAD ") && registered.has(`GET ${k.slice(5)}`),
    );
    const routes = [...registered].filter((k) => !headTwins.includes(k));
    const missing = routes.filter((k) => !(k in accessMatrix));
    expect(
      missing,
      `routes with no access-matrix entry: add it to the access matrix (src/test/access-matrix.ts): ${missing.join(", ")}`,
    ).toEqual([]);
    const stale = Object.keys(accessMatrix).filter((k) => !registered.has(k));
    expect(
      stale,
      `access-matrix entries that match no registered route (fix or remove them): ${stale.join(", ")}`,
    ).toEqual([]);
    // The built-in sign-in provider is listed, as public, not skipped.
    expect(accessMatrix["ALL /oidc/*"]?.access).toBe("public");
  });
});

describe("public routes answer a signed-out visitor", () => {
  const probed = entriesOf("public").filter(
    (e): e is [string, PublicEntry & { probe: NonNullable<PublicEntry["probe"]> }] =>
      e[1].probe !== undefined,
  );
  it.each(probed)("%s", async (key, entry) => {
    const res = await t.app.inject(requestFor(key, entry.probe, seed));
    expect(res.statusCode, `${key} signed out (${entry.why}): ${res.body.slice(0, 200)}`).toBe(
      entry.probe.status,
    );
    expectNoLeak(key, res);
  });
});

describe("keeper routes: 401 signed out, another keeper never reaches the owner's data", () => {
  it.each(entriesOf("keeper"))("%s", async (key, entry: KeeperEntry) => {
    const req = requestFor(key, entry, seed);
    const before = await ownerState();
    await expectSignedOutRefused(key, req);
    if (!entry.stranger) {
      await expectPrivate(t, { ...req, remoteAddress: nextIp() });
    } else {
      const stranger = await buildUser(t);
      const res = await as(stranger, req);
      expect(
        res.statusCode,
        `${key} as another keeper (${entry.stranger.why}): ${res.body.slice(0, 200)}`,
      ).toBe(entry.stranger.status);
      expectNoLeak(`${key} as another keeper`, res);
    }
    await expectOwnerUnchanged(key, before);
  });
});

describe("keeper list routes: 401 signed out, another keeper sees only their own (empty) data", () => {
  it.each(entriesOf("keeper-list"))("%s", async (key, entry: KeeperListEntry) => {
    const req = requestFor(key, entry, seed);
    const before = await ownerState();
    await expectSignedOutRefused(key, req);
    if (!entry.strangerSees)
      await expectPrivate(t, { ...req, remoteAddress: nextIp() }, { list: true });

    const stranger = await buildUser(t);
    const res = await as(stranger, req);
    expect(res.statusCode, `${key} as another keeper: ${res.body.slice(0, 200)}`).toBe(200);
    const theirs = answerOf(res, entry.decode);
    expectNoLeak(`${key} as another keeper`, res, theirs);
    if (entry.strangerSees) {
      expect(
        entry.strangerSees.check(theirs, stranger),
        `${key} as another keeper should show ${entry.strangerSees.why}: ${theirs.text.slice(0, 300)}`,
      ).toBe(true);
    }
    // The owner's own answer differs: their seeded data is really behind this route.
    const own = await as(seed.owner, req);
    expect(own.statusCode, `${key} as the owner`).toBe(200);
    expect(answerOf(own, entry.decode).text, `${key}: the owner sees their data`).not.toBe(
      theirs.text,
    );

    for (const variant of entry.variants ?? []) {
      const v = requestFor(key, variant, seed);
      await expectSignedOutRefused(key, v);
      await expectPrivate(t, { ...v, remoteAddress: nextIp() });
    }
    await expectOwnerUnchanged(key, before);
  });
});

const RANK: Record<MinRole, number> = { helper: 0, keeper: 1, owner: 2 };

describe("farm roles: a member below a route's least role gets 403 and changes nothing", () => {
  const entries = [...entriesOf("keeper"), ...entriesOf("keeper-list")] as [
    string,
    KeeperEntry | KeeperListEntry,
  ][];
  it.each(entries)("%s", async (key, entry) => {
    const req = requestFor(key, entry, seed);
    const before = await ownerState();
    const members = [
      ["helper", seed.helperMember],
      ["keeper", seed.keeperMember],
    ] as const;
    for (const [role, member] of members) {
      if (RANK[role] < RANK[entry.minRole]) {
        const res = await as(member, req);
        expect(res.statusCode, `${key} as a ${role}: ${res.body.slice(0, 200)}`).toBe(403);
        expectNoLeak(`${key} as a ${role}`, res);
      } else if (req.method === "GET") {
        // Reads a member may make answer them (writes are left to each module's tests: here
        // they would change the owner's records the other probes rely on).
        const res = await as(member, req);
        expect(res.statusCode, `${key} as a ${role}: ${res.body.slice(0, 200)}`).toBe(200);
      }
    }
    await expectOwnerUnchanged(key, before);
  });
});

describe("optional-user routes: work signed in or out, never with another keeper's data", () => {
  it.each(entriesOf("optional-user"))("%s", async (key, entry: OptionalUserEntry) => {
    const req = requestFor(key, entry, seed);
    const before = await ownerState();
    const out = await t.app.inject(req);
    expect(out.statusCode, `${key} signed out (${entry.why}): ${out.body.slice(0, 200)}`).toBe(
      entry.signedOut,
    );
    expectNoLeak(`${key} signed out`, out);

    const stranger = await buildUser(t);
    const res = await as(stranger, req);
    expect(
      res.statusCode,
      `${key} as another keeper (${entry.why}): ${res.body.slice(0, 200)}`,
    ).toBe(entry.stranger);
    const theirs = answerOf(res);
    expectNoLeak(`${key} as another keeper`, res, theirs);
    if (entry.strangerSees) {
      expect(entry.strangerSees.check(theirs, stranger), `${key}: ${entry.strangerSees.why}`).toBe(
        true,
      );
    }
    if (entry.owner !== undefined) {
      const mine = await as(seed.owner, req);
      expect(mine.statusCode, `${key} as its owner`).toBe(entry.owner);
    }
    await expectOwnerUnchanged(key, before);
  });
});

describe("admin routes: 401/403 to visitors and keepers, and nothing runs", () => {
  it.each(entriesOf("admin"))("%s", async (key, entry: AdminEntry) => {
    const req = requestFor(key, entry, seed);
    const before = await adminState();
    const runs = handlerRuns.get(key) ?? 0;

    const out = await t.app.inject(req);
    expect([401, 403], `${key} signed out gave ${out.statusCode}`).toContain(out.statusCode);
    expectNoLeak(`${key} signed out`, out);
    const keeper = await buildUser(t);
    for (const who of [keeper, seed.owner]) {
      const res = await as(who, req);
      expect([401, 403], `${key} as a keeper gave ${res.statusCode}`).toContain(res.statusCode);
      expectNoLeak(`${key} as a keeper`, res);
    }
    if (req.method === "GET") {
      const head = await as(keeper, { ...req, method: "HEAD" });
      expect([401, 403], `HEAD ${key.slice(4)} as a keeper`).toContain(head.statusCode);
      // The request itself is well formed: the admin gets an answer.
      const admin = await asAdmin(req);
      expect(admin.statusCode, `${key} as the admin: ${admin.body.slice(0, 200)}`).toBe(200);
    }
    expect(handlerRuns.get(key) ?? 0, `${key} ran its handler for a non-admin`).toBe(
      runs + (req.method === "GET" ? 1 : 0),
    );
    expect(await adminState(), `${key} changed admin data for a non-admin`).toBe(before);
  });
});
