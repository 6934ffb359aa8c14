/**
 * Bad-input properties for the whole API (quality gate): for every POST/PUT/PATCH/DELETE route and
 * every route that takes a query string or path parameters, thousands of generated malformed
 * requests (wrong types, missing and extra fields, 100k-character strings, unicode, NUL, lone
 * surrogates, huge and negative numbers, nested values, `__proto__` / `constructor` keys, broken
 * JSON, wrong content types, ids that are not ids) must never get a 5xx, must get a JSON error with
 * a clear message when refused, must not leak a stack trace, and must not change a row.
 *
 * Routes are listed from the app itself (an `onRoute` collector), so a route added later is fuzzed
 * without touching this file; a route with a body schema but no valid example below is still fuzzed
 * with generated garbage. Inputs for the "garbage" properties are filtered to be invalid against the
 * route's own zod schema, so any 2xx there means the server accepted what its contract refuses.
 * The "near-valid" properties start from a valid example and break one to three fields: when the
 * result is still valid a 2xx is fine (and rows may change); otherwise the same rules apply.
 *
 * Photos travel as JSON (a base64 data URL), so the image routes get the generic properties plus
 * targeted cases (a text file named .jpg, SVG, truncated JPEG, a decompression-bomb PNG header,
 * multipart and raw image/jpeg bodies, empty bodies). No route takes multipart.
 *
 * "No changed row": one query fingerprints (count + md5 of the rows) every table on the embedded
 * database, or the keeper's rows and the seeded admin records on a shared PostgreSQL (other test
 * files write there concurrently), after every request.
 *
 * Runs per route: see RUNS. A failure prints fast-check's seed and the shrunk request.
 */
import { randomUUID } from "node:crypto";
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from "fastify";
import fc from "fast-check";
import { parse as parseQuery } from "fast-querystring";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { VACCINES } from "@flockkeeper/shared/domain/vaccination";
import { resolveSymptoms } from "@flockkeeper/shared/domain/symptom-match";
import { NOT_UNDERSTOOD_HEADER, diagnoseBody } from "@flockkeeper/shared/schemas/condition";
import { createSession } from "../auth/session-store";
import { getKnowledge } from "../knowledge/index";
import * as schema from "../db/schema/index";
import { ADMIN_COOKIE } from "../plugins/admin-auth";
import { SESSION_COOKIE } from "../plugins/auth";
import { unstorableText } from "../plugins/security";
import {
  NASTY_KEYS,
  UNPARSEABLE_BODIES,
  encodeLoose,
  fingerprintDiff,
  jsonArb,
  makeFingerprint,
  mutatedFixture,
  nastyString,
  objectOverKeys,
  parseLikeFastify,
  preview,
  responseProblem,
  toJsonText,
  type Json,
} from "./bad-input.helpers";
import { buildUser, createTestApp } from "./helpers";
import { PROBE_AUTH, PROBE_P256DH } from "./access-matrix";

/**
 * fast-check runs per route and property; the totals are printed at the end. On PostgreSQL
 * (TEST_DATABASE_URL, CI's second pass) a quarter of them: the embedded pass has already fuzzed
 * every route in full, requests are refused by the same validation code on either database, and
 * every route and property (and the targeted cases, all of them) still runs against PostgreSQL's
 * driver and server. This file was a third of the API suite's time in each pass.
 * BAD_INPUT_RUNS_SHARE (say 10) runs a longer soak by hand: CI's random seeds found a 500 once that
 * the usual runs had missed for weeks.
 */
const RUNS_SHARE = Number(
  process.env.BAD_INPUT_RUNS_SHARE ?? (process.env.TEST_DATABASE_URL ? 0.25 : 1),
);
const RUNS = {
  garbage: Math.ceil(100 * RUNS_SHARE),
  nearValid: Math.ceil(60 * RUNS_SHARE),
  params: Math.ceil(25 * RUNS_SHARE),
  query: Math.ceil(50 * RUNS_SHARE),
} as const;
const PROPERTY_TIMEOUT = 120_000;

const ADMIN_PASSWORD = `bad-input-${randomUUID()}`;
const routes: RouteOptions[] = [];
const t = await createTestApp(
  // An address nothing listens on: a weather request that got through validation fails fast.
  // Email set up the same way (the sender does not run in tests), so its routes act.
  {
    ADMIN_PASSWORD,
    WEATHER_BASE_URL: "http://127.0.0.1:9",
    GEOCODING_BASE_URL: "http://127.0.0.1:9",
    SMTP_URL: "smtp://127.0.0.1:9",
  },
  { onRoute: (r) => void routes.push(r) },
);
afterAll(() => t.close());

// ---------------------------------------------------------------- the keeper, the admin, their records

const keeper = await buildUser(t, { firstName: "Fuzz" });
// The analysis routes are limited per session (10 a minute): requests rotate over many sessions.
const sessionTokens = [keeper.cookie.split("=")[1]!];
for (let i = 0; i < 63; i++) {
  const { token } = await createSession(t.db, keeper.user.id, "bad-input", t.app.sessionPolicy);
  sessionTokens.push(token);
}
const adminLogin = await t.app.inject({
  method: "POST",
  url: "/api/admin/login",
  payload: { password: ADMIN_PASSWORD },
});
const adminToken = String(adminLogin.headers["set-cookie"]).match(/fk_admin=([^;]+)/)![1]!;

let requestNo = 0;
/**
 * A request as the keeper (who is also signed in to /admin), from a fresh address each time;
 * `signedOut` sends it with no cookies (public routes, whose limits then count per address).
 */
function send(opts: InjectOptions, { signedOut = false } = {}): Promise<LightMyRequestResponse> {
  requestNo++;
  return t.app.inject({
    ...opts,
    // Rate limits are per address (and per session for analyses): spread the load so the
    // properties exercise validation, not the limiter.
    remoteAddress: `10.${(requestNo >> 16) & 255}.${(requestNo >> 8) & 255}.${requestNo & 255}`,
    cookies: signedOut
      ? {}
      : {
          [SESSION_COOKIE]: sessionTokens[requestNo % sessionTokens.length]!,
          [ADMIN_COOKIE]: adminToken,
        },
  });
}

async function create(method: "POST" | "PUT" | "PATCH", url: string, payload: unknown) {
  const res = await send({ method, url, payload: payload as object });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const jpeg = await sharp({
  create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 120, b: 40 } },
})
  .jpeg()
  .toBuffer();
const photo = `data:image/jpeg;base64,${jpeg.toString("base64")}`;

const bird = await create("POST", "/api/chickens", { name: "Henrietta", breed: "Silkie" });
const chickenId: string = bird.id;
const egg = await create("POST", "/api/egg-records", { chickenId, date: today, eggsLaid: 2 });
const flock = await create("POST", "/api/flocks", {
  name: "Layers",
  startDate: daysAgo(30),
  headcount: 500,
});
const flockEvent = await create("POST", `/api/flocks/${flock.id}/events`, {
  type: "died",
  date: daysAgo(2),
  count: 1,
});
const basket = await create("POST", "/api/egg-collections", {
  flockId: flock.id,
  date: daysAgo(1),
  eggs: 300,
});
const treatment = await create("POST", "/api/treatments", {
  flockId: flock.id,
  product: "Amprolium",
  route: "water",
  startDate: daysAgo(3),
  endDate: today,
  reason: "Coccidiosis",
  eggWithdrawalDays: 7,
  meatWithdrawalDays: 7,
});
const money = await create("POST", "/api/transactions", {
  type: "expense",
  category: "feed",
  date: daysAgo(1),
  amount: 20,
  quantity: 1,
  unit: "bag_25kg",
  flockId: flock.id,
});
// Another farm's flock, for the money cases below.
const neighbour = await buildUser(t, { firstName: "Neighbour" });
const neighbourFlock = (
  await neighbour.inject({
    method: "POST",
    url: "/api/flocks",
    payload: { name: "Theirs", startDate: daysAgo(30), headcount: 5 },
  })
).json<{ id: string }>();
const hatch = await create("POST", "/api/hatch-records", {
  eggSource: "Own flock",
  species: "chicken",
  incubationStartDate: daysAgo(3),
});
const candled = await create("POST", `/api/hatch-records/${hatch.id}/candlings`, {
  date: daysAgo(1),
  fertile: 3,
  clear: 1,
});
const vaccination = await create("POST", "/api/vaccinations", {
  vaccine: VACCINES[0],
  birdName: "Henrietta",
  date: today,
});
const feed = await create("POST", "/api/feed-records", {
  chickenId,
  date: today,
  feedType: "Layer pellets",
  feedAmount: 0.25,
});
const weight = await create("POST", "/api/weight-records", { chickenId, date: today, weight: 4.5 });
const coop = await create("POST", "/api/environmental-records", {
  date: today,
  temperature: 60,
  humidity: 50,
});
const search = await create("POST", "/api/recent-searches", { term: "apple" });
const chore = await create("POST", "/api/chores", { title: "Clean waterers", frequency: "daily" });
const choreTaskId = `chore:${chore.id}:${today}`;
await create("PUT", "/api/weather/place", { name: "Home", latitude: 51.5, longitude: -0.12 });
await create("PATCH", "/api/account/settings", { eggPrice: 0.35 });
const image = await create("POST", "/api/images", { image: photo });
const analysis = await create("POST", "/api/analyze-feces", { image: photo, birdId: chickenId });
const ad = await create("POST", "/api/admin/advertisements", {
  title: "Layer pellets",
  description: "Complete layer feed.",
  category: "feed",
});
const partner = await create("POST", "/api/admin/affiliates", {
  name: "Coop Supply",
  baseUrl: "https://coops.example",
  title: "Coops",
  category: "coops",
});

const fingerprint = makeFingerprint(t.db, schema, {
  userIds: [keeper.user.id],
  wholeDatabase: !process.env.TEST_DATABASE_URL,
  ownRows: [
    { table: "advertisements", column: "id", ids: [ad.id] },
    { table: "affiliate_partners", column: "id", ids: [partner.id] },
    { table: "affiliate_applications", column: "partner_id", ids: [partner.id] },
  ],
});

// ---------------------------------------------------------------- what each route is given

/** Real values for path parameters, so a body is judged on its own (an unknown id would 404 first). */
const realParams: Record<string, Record<string, string>> = {
  "/api/chickens/:id": { id: chickenId },
  "/api/egg-records/:id": { id: egg.id },
  "/api/feed-records/:id": { id: feed.id },
  "/api/weight-records/:id": { id: weight.id },
  "/api/environmental-records/:id": { id: coop.id },
  "/api/chickens/:id/outcome": { id: chickenId },
  "/api/chickens/:id/delete-preview": { id: chickenId },
  "/api/flocks/:id": { id: flock.id },
  "/api/flocks/:id/production": { id: flock.id },
  "/api/flocks/:id/events": { id: flock.id },
  "/api/flocks/:id/events/:eventId": { id: flock.id, eventId: flockEvent.id },
  "/api/egg-collections/:id": { id: basket.id },
  "/api/treatments/:id": { id: treatment.id },
  "/api/transactions/:id": { id: money.id },
  "/api/hatch-records/:id/mark-success": { id: hatch.id },
  "/api/hatch-records/:id": { id: hatch.id },
  "/api/hatch-records/:id/candlings": { id: hatch.id },
  "/api/hatch-records/:id/candlings/:candlingId": {
    id: hatch.id,
    candlingId: candled.candlings[0].id,
  },
  "/api/hatch-records/:id/result": { id: hatch.id },
  "/api/vaccinations/:id/done": { id: vaccination.id },
  "/api/vaccinations/:id": { id: vaccination.id },
  "/api/chores/:id": { id: chore.id },
  "/api/tasks/:id/done": { id: choreTaskId },
  "/api/tasks/:id/snooze": { id: choreTaskId },
  "/api/admin/advertisements/:id": { id: ad.id },
  "/api/admin/affiliates/:id": { id: partner.id },
  "/api/admin/affiliates/:id/application": { id: partner.id },
  "/api/analyses/:id": { id: analysis.analysisId },
  "/api/recent-searches/:id": { id: search.id },
  "/api/images/:file": { file: image.url.split("/").pop() },
  "/api/production/export/:type": { type: "eggs" },
  "/api/builtin-signin/:uid": { uid: "no-such-interaction" },
  "/api/builtin-signin/:uid/create": { uid: "no-such-interaction" },
  "/api/builtin-signin/:uid/recover": { uid: "no-such-interaction" },
  "/api/builtin-signin/:uid/passkey/options": { uid: "no-such-interaction" },
  "/api/builtin-signin/:uid/passkey": { uid: "no-such-interaction" },
  "/api/auth/passkeys/:id": { id: "AAAA" },
  "/api/farms/:id": { id: keeper.user.id },
  "/api/farms/:id/members": { id: keeper.user.id },
  "/api/farms/:id/members/:userId": { id: keeper.user.id, userId: keeper.user.id },
  "/api/farms/:id/invitations": { id: keeper.user.id },
  "/api/farms/:id/invitations/:token": { id: keeper.user.id, token: "A".repeat(43) },
  "/api/invitations/:token": { token: "A".repeat(43) },
  "/api/email-digest/unsubscribe/:token": { token: "A".repeat(43) },
  "/api/invitations/:token/accept": { token: "A".repeat(43) },
};

/** A well-formed WebAuthn assertion and attestation that no authenticator signed. */
const unsignedAssertion = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: "AAAA", authenticatorData: "AAAA", signature: "AAAA" },
  clientExtensionResults: {},
};
const unsignedAttestation = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: "AAAA", attestationObject: "AAAA" },
  clientExtensionResults: {},
};

/** One valid body per write route (checked against the route's schema before use). */
const fixtures: Record<string, unknown> = {
  "POST /api/chickens": {
    name: "Clucky",
    breed: "Rhode Island Red",
    color: "red",
    weight: 5.5,
    hatchDate: "2023-04-01",
    sex: "hen",
    notes: "Friendly",
    species: "chicken",
    healthStatus: "healthy",
  },
  "PATCH /api/chickens/:id": { name: "Henrietta", notes: "Moulting", weight: 4.2 },
  "POST /api/chickens/:id/outcome": { outcome: null, date: today, notes: "Back" },
  "POST /api/flocks": {
    name: "Meat birds",
    species: "chicken",
    purpose: "meat",
    location: "Pen 2",
    startDate: daysAgo(3),
    notes: "Cornish cross",
    headcount: 25,
    females: 10,
    males: 15,
    ageWeeks: 2,
  },
  "PATCH /api/flocks/:id": { name: "Layers", location: "Big coop", archived: false },
  "POST /api/flocks/:id/events": {
    type: "died",
    date: today,
    count: 1,
    females: 1,
    price: 12.5,
    buyer: "Neighbour",
    cause: "Found under the perch",
    lossCause: "disease",
    conditionId: "coccidiosis",
    notes: "Good layer",
  },
  "PATCH /api/flocks/:id/events/:eventId": {
    count: 1,
    cause: "Heat",
    lossCause: "heat_cold",
    conditionId: "heat-stress",
    notes: "Found at noon",
  },
  "POST /api/egg-collections": {
    flockId: flock.id,
    date: today,
    eggs: 310,
    cracked: 2,
    dirty: 5,
    notes: "Windy",
  },
  "PATCH /api/egg-collections/:id": { eggs: 301, cracked: 1, dirty: null, notes: "Recount" },
  "POST /api/treatments": {
    chickenId,
    product: "Toltrazuril 2.5%",
    activeIngredient: "toltrazuril",
    dose: 7,
    doseUnit: "mg_per_kg",
    route: "water",
    startDate: daysAgo(2),
    endDate: today,
    reason: "Coccidiosis",
    conditionId: "coccidiosis",
    prescribedByVet: true,
    eggWithdrawalDays: 14,
    meatWithdrawalDays: 21,
    notes: "Vet advice",
  },
  "PATCH /api/treatments/:id": { dose: 2, doseUnit: "ml", endDate: today, eggWithdrawalDays: 10 },
  "POST /api/egg-records": {
    chickenId,
    date: today,
    eggsLaid: 1,
    eggQuality: "good",
    eggSize: "large",
    notes: "Clean",
  },
  "PATCH /api/egg-records/:id": { eggsLaid: 3, eggQuality: "good", notes: "Fixed" },
  "PATCH /api/hatch-records/:id": { eggSource: "Own flock", eggsSet: 8, notes: "Fixed" },
  "PATCH /api/vaccinations/:id": { birdName: "Henrietta", notes: null },
  "PATCH /api/feed-records/:id": { feedAmount: 0.3, feedCost: null, notes: "Fixed" },
  "PATCH /api/weight-records/:id": { weight: 4.4, bodyCondition: "normal" },
  "PATCH /api/environmental-records/:id": { temperature: 58, humidity: null, weather: "cloudy" },
  "POST /api/egg-records/batch": {
    date: today,
    records: [{ chickenId, eggsLaid: 1, eggQuality: "good", eggSize: "medium" }],
  },
  "POST /api/hatch-records": {
    eggSource: "Neighbour",
    species: "duck",
    breed: "Pekin",
    incubationStartDate: daysAgo(2),
    incubationMethod: "incubator",
    temperature: 99.5,
    humidity: 55,
    turnedDaily: true,
    eggsSet: 6,
    notes: "Batch 1",
  },
  "PATCH /api/hatch-records/:id/mark-success": { success: false, eggsHatched: 0 },
  "POST /api/hatch-records/:id/candlings": {
    date: daysAgo(2),
    day: 1,
    fertile: 3,
    clear: 1,
    quitters: 0,
    bloodRings: 0,
    notes: "Veins",
  },
  "PATCH /api/hatch-records/:id/candlings/:candlingId": { fertile: 3, clear: 1, notes: "Again" },
  "POST /api/hatch-records/:id/result": {
    date: today,
    hatched: 2,
    pippedNotHatched: 0,
    assisted: 1,
    diedInShell: 1,
    deformed: 0,
  },
  "POST /api/vaccinations": {
    vaccine: VACCINES[1],
    birdId: chickenId,
    birdName: "Henrietta",
    date: today,
    notes: "Booster",
  },
  "POST /api/vaccinations/import": {
    records: [{ id: "local-1", vaccine: VACCINES[0], birdName: "Local bird", date: today }],
  },
  "PATCH /api/vaccinations/:id/done": { date: today },
  "POST /api/chores": { title: "Change bedding", frequency: "weekly", weekday: 1 },
  "PATCH /api/chores/:id": { title: "Deep clean" },
  "POST /api/tasks/:id/snooze": { until: daysAgo(-2) },
  "POST /api/push/subscriptions": {
    endpoint: "https://fcm.googleapis.com/fcm/send/fuzz-device",
    keys: { p256dh: PROBE_P256DH, auth: PROBE_AUTH },
    timeZone: "Europe/London",
    digestHour: 6,
  },
  "DELETE /api/push/subscriptions": { endpoint: "https://fcm.googleapis.com/fcm/send/fuzz-device" },
  "PUT /api/email-digest": { digestHour: 6, timeZone: "Europe/London" },
  "PUT /api/weather/place": { name: "Barn", latitude: 40.7, longitude: -74 },
  "PATCH /api/account/settings": {
    temperatureUnit: "C",
    weightUnit: "kg",
    eggPrice: 0.4,
    weatherPlace: { name: "Barn", latitude: 40.7, longitude: -74 },
  },
  "POST /api/admin/login": { password: "not the password" },
  "POST /api/auth/reauth": { password: "not the password" },
  "POST /api/auth/password": {
    currentPassword: "not the password",
    newPassword: "a new long password",
  },
  "POST /api/auth/reauth/passkey": { response: unsignedAssertion },
  "POST /api/auth/passkeys": { response: unsignedAttestation, name: "Phone" },
  "POST /api/builtin-signin/:uid/passkey": { response: unsignedAssertion },
  "POST /api/admin/advertisements": {
    title: "Coop heater",
    description: "Keeps water from freezing.",
    price: "$30",
    category: "equipment",
    contactInfo: "shop@example.com",
    imageUrl: "https://images.example/heater.jpg",
    link: "https://shop.example/heater",
    isActive: 1,
  },
  "PATCH /api/admin/advertisements/:id": { title: "Layer pellets 2", isActive: 0 },
  "POST /api/admin/affiliates": {
    name: "Feed Co",
    baseUrl: "https://feed.example",
    isActive: false,
    commission: "5%",
    affiliateId: "abc",
    affiliateUrl: "https://feed.example/?ref=abc",
    title: "Feed",
    description: "Feed for all seasons",
    emoji: "🌾",
    category: "feed",
    value: "high",
  },
  "PATCH /api/admin/affiliates/:id": { title: "Coops and runs", isActive: true },
  "PUT /api/admin/affiliates/:id/application": { status: "pending", notes: "Applied by email" },
  "POST /api/food-items/bulk-search": { names: ["apple", "grapes"] },
  "POST /api/health-conditions/diagnose": { symptoms: ["sneezing", "lethargy"] },
  "POST /api/recent-searches": { term: "banana" },
  "POST /api/feed-records": {
    chickenId,
    date: today,
    feedType: "Scratch",
    feedAmount: 0.1,
    feedCost: 0.05,
    notes: "Evening",
  },
  "POST /api/feed-records/flock": { date: today, feedType: "Layer pellets", feedAmount: 2 },
  "POST /api/transactions": {
    type: "income",
    category: "eggs",
    date: today,
    amount: 15,
    currency: "USD",
    flockId: flock.id,
    quantity: 3,
    unit: "dozen",
    notes: "Farm gate",
  },
  "PATCH /api/transactions/:id": { amount: 21.5, quantity: 2, unit: "bag_50lb", notes: null },
  "POST /api/weight-records": {
    chickenId,
    date: today,
    weight: 4.6,
    bodyCondition: "normal",
    notes: "Weighed",
  },
  "POST /api/environmental-records": {
    date: today,
    temperature: 55,
    humidity: 60,
    weather: "rainy",
    coopCondition: "clean",
    ventilation: "good",
    lighting: "natural",
    notes: "Damp",
  },
  "POST /api/track-click": {
    elementName: "Add bird",
    elementType: "button",
    elementId: "add-bird",
    page: "/flock",
    sessionId: "session-123456",
    metadata: { variant: "a", count: 1, ok: true },
  },
  "POST /api/newsletter": { email: `fuzz-${randomUUID().slice(0, 8)}@example.com`, consent: true },
  "POST /api/images": { image: photo },
  // The keeper is their farm's only owner: a valid role change is refused (409), a rename is kept.
  "PATCH /api/farms/:id": { name: "Fuzz Farm" },
  "PATCH /api/farms/:id/members/:userId": { role: "owner" },
  "POST /api/farms/:id/invitations": { role: "helper" },
  "POST /api/admin/images": { image: photo },
  "POST /api/analyze-feces": { image: photo, birdId: chickenId },
  "POST /api/analyze-health": { image: photo, species: "duck", birdId: null },
  "POST /api/identify-bird-breed": { image: photo, timestamp: Date.now() },
};

/**
 * Write routes that take no body at all (the handler ignores it) but act: they are sent only bodies
 * the JSON parser refuses, which must stop them before the handler runs.
 */
const bodyIgnored: Record<string, string> = {
  "POST /api/logout": "signs the caller out",
  "POST /api/admin/logout": "ends the admin session",
  "POST /api/account/sessions/sign-out-everywhere": "ends every session of the keeper",
  "POST /api/health-predictions/generate": "computes predictions from stored records",
  "POST /api/admin/affiliates/examples": "adds the example partners",
  "POST /api/auth/recovery-codes": "replaces the keeper's recovery codes",
  "POST /api/auth/passkeys/options": "issues a challenge to add a passkey",
  "POST /api/auth/reauth/passkey/options": "issues a challenge to re-authenticate",
  "POST /api/builtin-signin/:uid/passkey/options": "issues a passkey sign-in challenge",
  "POST /api/invitations/:token/accept": "joins the farm its link names (the link is the input)",
  "POST /api/tasks/:id/done": "marks the farm's task done (the id in the path is the input)",
  "POST /api/email-digest/unsubscribe/:token":
    "stops the summary email its link names (the link is the input; a mail app posts a form)",
};

/** Routes that validate a body themselves, with why no generated garbage can be valid. */
const selfValidated: Record<string, string> = {
  "POST /api/account/import": 'needs {"format":"flockkeeper-export", ...} and an empty account',
  "POST /api/builtin-signin/:uid":
    "reads its sign-in form itself, for a live sign-in interaction only",
  "POST /api/builtin-signin/:uid/create":
    "reads its create-account form itself, for a live sign-in interaction only",
  "POST /api/builtin-signin/:uid/recover":
    "reads its recovery form itself, for a live sign-in interaction only",
};

/** Not fuzzed here, and why. */
const skipped: Record<string, string> = {
  "POST /api/farms":
    "makes a new farm the one in use, which would move every later probe off the seeded records; fuzzed in modules/farms/farms.routes.test.ts",
  "PUT /api/farms/current":
    "switches the farm in use (same reason); fuzzed in modules/farms/farms.routes.test.ts",
  "ALL /oidc/*":
    "the built-in OpenID provider (oidc-provider) parses its own raw requests (reply.hijack) and answers in OAuth's error format; it gets its own property below (no 5xx, no row changed)",
};

/** Routes whose refusals are HTML pages for a browser (the sign-in form), not JSON. */
const htmlErrors = new Set([
  "POST /api/builtin-signin/:uid",
  "GET /api/builtin-signin/:uid",
  "POST /api/builtin-signin/:uid/create",
  "GET /api/builtin-signin/:uid/create",
  "POST /api/builtin-signin/:uid/recover",
  "GET /api/builtin-signin/:uid/recover",
  // The unsubscribe link's pages (opened from an email in a browser).
  "GET /api/email-digest/unsubscribe/:token",
  "POST /api/email-digest/unsubscribe/:token",
]);

/** GET routes whose valid queries call out to another service: only invalid queries are sent. */
const callsOut = new Set(["GET /api/weather", "GET /api/weather/places"]);

/** Image routes (JSON with a base64 photo): targeted cases on top of the generic properties. */
const imageRoutes = [
  "POST /api/images",
  "POST /api/admin/images",
  "POST /api/analyze-feces",
  "POST /api/analyze-health",
  "POST /api/identify-bird-breed",
];

// ---------------------------------------------------------------- route table

type Target = {
  key: string;
  method: string;
  url: string;
  body?: ZodType;
  query?: ZodType;
  params?: ZodType;
  knownKeys: string[];
};

const asZod = (s: unknown): ZodType | undefined =>
  s && typeof (s as ZodType).safeParse === "function" ? (s as ZodType) : undefined;

/** Top-level keys of a zod object (through optional/nullable/pipe wrappers), for biased generation. */
function keysOf(s: ZodType | undefined): string[] {
  let cur: unknown = s;
  for (let i = 0; i < 8 && cur; i++) {
    const def = (cur as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) break;
    if (def.shape && typeof def.shape === "object") return Object.keys(def.shape);
    cur = def.innerType ?? def.in ?? def.schema;
  }
  return [];
}

const targets: Target[] = [];
const routeKeys = new Set<string>();
for (const r of routes) {
  const methods = Array.isArray(r.method) ? r.method : [r.method];
  const method = methods.length > 1 ? "ALL" : methods[0]!;
  if (method === "HEAD" || method === "OPTIONS") continue;
  const key = `${method} ${r.url}`;
  routeKeys.add(key);
  const s = (r.schema ?? {}) as Record<string, unknown>;
  const body = asZod(s.body);
  targets.push({
    key,
    method,
    url: r.url,
    body,
    query: asZod(s.querystring),
    params: asZod(s.params),
    knownKeys: [...new Set([...keysOf(body), ...keysOf(asZod(s.querystring))])],
  });
}
const isWrite = (x: Target) => ["POST", "PUT", "PATCH", "DELETE"].includes(x.method);
const byKey = (key: string) => targets.find((x) => x.key === key);

/** Routes whose bodies are fuzzed with generated JSON. */
const bodyTargets = targets.filter(
  (x) => isWrite(x) && !skipped[x.key] && !bodyIgnored[x.key] && (x.body || selfValidated[x.key]),
);
/** Write routes with no body schema that are not accounted for: each needs a decision. */
const unaccounted = targets.filter(
  (x) =>
    isWrite(x) &&
    !x.body &&
    !skipped[x.key] &&
    !bodyIgnored[x.key] &&
    !selfValidated[x.key] &&
    x.method !== "DELETE",
);
const queryTargets = targets.filter((x) => x.query && !skipped[x.key]);
const paramTargets = targets.filter((x) => x.params && !skipped[x.key]);
const unparseableTargets = targets.filter(
  (x) => ["POST", "PUT", "PATCH"].includes(x.method) && !skipped[x.key],
);

// ---------------------------------------------------------------- one request, judged

const totals = { runs: 0, requests: 0, accepted: 0 };
const perRoute = new Map<string, number>();
const count = (key: string) => {
  totals.runs++;
  perRoute.set(key, (perRoute.get(key) ?? 0) + 1);
};

function fill(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => encodeLoose(params[name] ?? randomUUID()));
}

/** The path parameters a case is sent with: the route's real ids, overridden by the case's. */
const paramsOf = (target: Target, c: Case) => ({ ...(realParams[target.url] ?? {}), ...c.params });

type Case = {
  params?: Record<string, string>;
  query?: string;
  /** Raw body text; undefined sends no body. */
  text?: string;
  contentType?: string;
};

/**
 * Whether the server would find this request valid against the route's schemas. A schema that
 * throws (instead of reporting an issue) counts as invalid: the server's answer is then judged.
 */
function isValid(target: Target, c: Case): boolean {
  try {
    return validAgainstSchemas(target, c);
  } catch {
    return false;
  }
}

function validAgainstSchemas(target: Target, c: Case): boolean {
  const params = paramsOf(target, c);
  const query = parseQuery(c.query ?? "");
  if (unstorableText(params) || unstorableText(query)) return false;
  if (target.params && !target.params.safeParse(params).success) return false;
  if (target.query && !target.query.safeParse(query).success) return false;
  if (target.method === "GET" || target.method === "HEAD") return true;
  // A route that ignores its body is valid when sent none (its query may still be checked).
  if (!target.body)
    return !selfValidated[target.key] && (!bodyIgnored[target.key] || c.text === undefined);
  let value: unknown;
  if (c.text !== undefined && c.text !== "") {
    if ((c.contentType ?? "application/json") !== "application/json") return false;
    const parsed = parseLikeFastify(c.text);
    if (!parsed.ok) return false;
    value = parsed.value;
  }
  return !unstorableText(value) && target.body.safeParse(value).success;
}

/** The database fingerprint after the last request (nothing else writes between requests). */
let baseline: Record<string, string> | null = null;

/**
 * Sends one request and checks the contract. `mayWrite`: the input is valid, so a 2xx (and changed
 * rows) is acceptable; otherwise a 2xx means the server accepted an input its schema refuses.
 */
async function check(target: Target, c: Case, mayWrite = isValid(target, c)): Promise<void> {
  count(target.key);
  const url = fill(target.url, paramsOf(target, c)) + (c.query !== undefined ? `?${c.query}` : "");
  const headers: Record<string, string> = {};
  if (c.text !== undefined) headers["content-type"] = c.contentType ?? "application/json";
  const before = baseline ?? (await fingerprint());
  const res = await send({ method: target.method as "POST", url, headers, payload: c.text });
  totals.requests++;
  const after = await fingerprint();
  baseline = after;
  const where = `${target.method} ${url.slice(0, 300)} body=${preview(c.text)} content-type=${headers["content-type"] ?? "-"}`;
  const problem = responseProblem(res, { htmlErrorsAllowed: htmlErrors.has(target.key) });
  if (problem) throw new Error(`${where}\n  ${problem}`);
  const ok = res.statusCode < 400;
  if (ok && mayWrite) totals.accepted++;
  const readOnly = target.method === "GET";
  if (ok && !mayWrite && !readOnly) {
    throw new Error(`${where}\n  accepted an input its schema refuses (${res.statusCode})`);
  }
  if (!(ok && mayWrite) || readOnly) {
    const diff = fingerprintDiff(before, after);
    if (diff.length > 0) {
      throw new Error(
        `${where}\n  answered ${res.statusCode} but changed rows: ${diff.join("; ")}`,
      );
    }
  }
}

/** `examples`: values run first, whatever the seed draws (fast-check's own option). */
const property = <T>(
  arb: fc.Arbitrary<T>,
  run: (v: T) => Promise<void>,
  numRuns: number,
  examples: T[] = [],
) =>
  fc.assert(fc.asyncProperty(arb, run), {
    numRuns,
    endOnFailure: false,
    examples: examples.map((e): [T] => [e]),
  });

// ---------------------------------------------------------------- generators per route

/** A body: any JSON, an object over the schema's keys, a broken valid example, or unparseable text. */
function bodyArb(target: Target): fc.Arbitrary<Case> {
  const fixture = fixtures[target.key];
  const trees: fc.WeightedArbitrary<Json>[] = [
    { weight: 2, arbitrary: jsonArb(target.knownKeys) },
    { weight: 3, arbitrary: objectOverKeys(target.knownKeys) },
  ];
  if (fixture !== undefined) {
    trees.push({ weight: 5, arbitrary: mutatedFixture(fixture, target.knownKeys) });
  }
  return fc.oneof(
    { weight: 9, arbitrary: fc.oneof(...trees).map((j): Case => ({ text: toJsonText(j) })) },
    { weight: 1, arbitrary: fc.constantFrom(...UNPARSEABLE_BODIES).map((text) => ({ text })) },
  );
}

/** Invalid path parameters (or unknown uuids), one parameter at a time. */
const paramValue = fc.oneof(
  { weight: 3, arbitrary: nastyString.filter((s) => s.length > 0 && s.length < 5_000) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "1",
      "-1",
      "0",
      "1e999",
      "NaN",
      "null",
      "[]",
      "{}",
      ".",
      "..",
      "%",
      "%2F",
      "a/b",
      "x".repeat(101),
      "x".repeat(2_000),
      "../../etc/passwd",
      "00000000-0000-0000-0000-000000000000",
      "00000000-0000-4000-8000-00000000000",
      "00000000-0000-4000-8000-0000000000000",
      "00000000-0000-4000-8000-00000000000g",
      "00000000_0000_4000_8000_000000000000",
      " 00000000-0000-4000-8000-000000000000",
      "00000000-0000-4000-8000-000000000000\u0000",
      "' OR '1'='1",
    ),
  },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.uuid().map((u) => u.toUpperCase()) },
);

/** A query string: pairs over the schema's keys and nasty ones, repeated keys, raw junk. */
function queryArb(target: Target): fc.Arbitrary<string> {
  const keys = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.constantFrom(...(target.knownKeys.length ? target.knownKeys : ["q"])),
    },
    { weight: 2, arbitrary: fc.constantFrom(...NASTY_KEYS) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 8 }) },
  );
  const values = fc.oneof(
    { weight: 3, arbitrary: nastyString },
    { weight: 1, arbitrary: fc.constantFrom("1", "7", "30", "-5", "1e999", "2024-01-01", "true") },
  );
  const pair = fc.tuple(keys, values).map(([k, v]) => `${encodeLoose(k)}=${encodeLoose(v)}`);
  const junk = fc.constantFrom(
    "%",
    "%zz",
    "%E0%A4%A",
    "&&",
    "=",
    "==x",
    "+",
    "a=%00",
    "%u0041",
    "a[]=1&a[]=2",
  );
  return fc
    .array(fc.oneof({ weight: 5, arbitrary: pair }, { weight: 1, arbitrary: junk }), {
      minLength: 1,
      maxLength: 6,
    })
    .map((parts) => parts.join("&"));
}

// ---------------------------------------------------------------- the properties

describe("bad input never gets a 5xx, always a clear 4xx, and changes no row", () => {
  it("lists every write route: fuzzed, body ignored, self-validated or skipped with a reason", () => {
    expect(targets.length).toBeGreaterThan(40);
    expect(unaccounted.map((x) => x.key)).toEqual([]);
    for (const key of [...Object.keys(fixtures), ...Object.keys(bodyIgnored)]) {
      expect(routeKeys.has(key), `${key} is still a route`).toBe(true);
    }
    for (const [key, body] of Object.entries(fixtures)) {
      const target = byKey(key)!;
      const parsed = target.body?.safeParse(body);
      expect(parsed?.success, `fixture of ${key}: ${JSON.stringify(parsed?.error?.issues)}`).toBe(
        true,
      );
    }
  });

  it("sees a changed row: a keeper's record and an admin-managed one", async () => {
    const before = await fingerprint();
    await create("POST", "/api/recent-searches", { term: "fingerprint check" });
    const afterKeeper = await fingerprint();
    expect(fingerprintDiff(before, afterKeeper).join()).toMatch(/recent_searches/);
    await create("PATCH", `/api/admin/advertisements/${ad.id}`, { price: "$1" });
    expect(fingerprintDiff(afterKeeper, await fingerprint()).join()).toMatch(/advertisements/);
    baseline = null;
  });

  describe.each(bodyTargets.map((x) => [x.key, x] as const))("%s", (_key, target) => {
    it(
      "garbage bodies (invalid by its schema) are refused",
      () =>
        property(
          bodyArb(target).filter((c) => !isValid(target, c)),
          (c) => check(target, c, false),
          RUNS.garbage,
        ),
      PROPERTY_TIMEOUT,
    );

    if (fixtures[target.key] !== undefined) {
      it(
        "a valid body with fields broken is refused, or accepted only when still valid",
        () =>
          property(
            mutatedFixture(fixtures[target.key], target.knownKeys).map((j): Case => ({
              text: toJsonText(j),
            })),
            (c) => check(target, c),
            RUNS.nearValid,
          ),
        PROPERTY_TIMEOUT,
      );
    }

    it("wrong content types and empty bodies are refused", async () => {
      const text = JSON.stringify(fixtures[target.key] ?? {});
      for (const contentType of [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/xml",
        "application/octet-stream",
        "image/jpeg",
        "application/vnd.api+json",
        "json",
      ]) {
        await check(target, { text, contentType }, false);
      }
      await check(target, { text: "", contentType: "application/json" });
      await check(target, { text: undefined });
    });
  });

  describe.each(unparseableTargets.map((x) => [x.key, x] as const))("%s", (_key, target) => {
    it("unparseable JSON and prototype-poisoning keys are refused before the handler", async () => {
      for (const text of UNPARSEABLE_BODIES) await check(target, { text }, false);
    });
  });

  describe.each(paramTargets.map((x) => [x.key, x] as const))("%s", (_key, target) => {
    const names = [...target.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    it(
      "path parameters that are not ids (or unknown ids) are refused",
      () =>
        property(
          fc.tuple(fc.constantFrom(...names), paramValue).map(([name, value]): Case => {
            const body = fixtures[target.key];
            return {
              params: { [name]: value },
              text: body === undefined ? undefined : JSON.stringify(body),
            };
          }),
          // Either invalid, or an unknown uuid (valid by the schema, but it names nothing): a write
          // must not succeed either way.
          (c) => check(target, c, false),
          RUNS.params,
        ),
      PROPERTY_TIMEOUT,
    );
  });

  describe.each(queryTargets.map((x) => [x.key, x] as const))("%s", (_key, target) => {
    it(
      "malformed query strings are refused or answered without writing",
      () =>
        property(
          queryArb(target)
            .map((query): Case => ({ query }))
            .filter((c) => !callsOut.has(target.key) || !isValid(target, c)),
          (c) => check(target, c),
          RUNS.query,
        ),
      PROPERTY_TIMEOUT,
    );
  });

  it("money: absurd amounts, bad dates, end before start, another farm's flock, unknown currency: a clear 4xx, nothing written", async () => {
    const valid = {
      type: "expense",
      category: "feed",
      date: today,
      amount: 10,
    };
    const writes: [string, Record<string, unknown>, number, RegExp][] = [
      ["POST", { ...valid, amount: -5 }, 400, /Amount must be more than 0/],
      ["POST", { ...valid, amount: 0 }, 400, /Amount must be more than 0/],
      ["POST", { ...valid, amount: 1e15 }, 400, /Amount must be at most/],
      ["POST", { ...valid, amount: "lots" }, 400, /Amount must be a number/],
      ["POST", { ...valid, quantity: -1, unit: "kg" }, 400, /Quantity must be more than 0/],
      ["POST", { ...valid, quantity: 1e9, unit: "kg" }, 400, /Quantity must be at most/],
      ["POST", { ...valid, date: "2025-13-40" }, 400, /date/i],
      ["POST", { ...valid, date: "1850-01-01" }, 400, /before 1900/],
      ["POST", { ...valid, date: "2999-01-01" }, 400, /future/i],
      ["POST", { ...valid, currency: "XYZ" }, 400, /Unknown currency/],
      ["POST", { ...valid, currency: "EUR" }, 400, /your currency \(USD\)/],
      ["POST", { ...valid, flockId: neighbourFlock.id }, 404, /Flock not found/],
      ["POST", { ...valid, category: "eggs" }, 400, /expense's category/],
      ["PATCH", { amount: -1 }, 400, /Amount must be more than 0/],
      ["PATCH", { flockId: neighbourFlock.id }, 404, /Flock not found/],
      ["PATCH", { currency: "XYZ" }, 400, /Unknown currency/],
      ["PATCH", { type: "income" }, 400, /income's category/],
    ];
    for (const [method, payload, status, message] of writes) {
      const before = await fingerprint();
      const url = method === "POST" ? "/api/transactions" : `/api/transactions/${money.id}`;
      const res = await send({ method: method as "POST", url, payload });
      const where = `${method} ${url} ${JSON.stringify(payload)}`;
      expect(res.statusCode, `${where}: ${res.body}`).toBe(status);
      expect(res.json().message, where).toMatch(message);
      expect(fingerprintDiff(before, await fingerprint()), where).toEqual([]);
    }
    baseline = null;
    for (const url of [
      "/api/money/summary?from=2026-05-01&to=2026-04-01",
      "/api/transactions?from=2026-05-01&to=2026-04-01",
      // The export's (30 a minute) is in modules/money: the fuzzing above used up its limit.
    ]) {
      const res = await send({ method: "GET", url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/end date \(to\) cannot be before the start date/);
    }
    for (const url of [
      `/api/money/summary?flockId=${neighbourFlock.id}`,
      `/api/transactions?flockId=${neighbourFlock.id}`,
    ]) {
      const res = await send({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
    }
    // A keeper of their own: the fuzzing above used up the fuzz keeper's settings limit (on
    // PostgreSQL, where the limits are counted in the database, this answered 429).
    const other = await buildUser(t, { firstName: "Currency" });
    const currency = await other.inject({
      method: "PATCH",
      url: "/api/account/settings",
      payload: { currency: "Dollars" },
    });
    expect(currency.statusCode, currency.body).toBe(400);
    expect(currency.json().message).toMatch(/Unknown currency/);
  });

  describe("image uploads", () => {
    const text = (s: string) => Buffer.from(s).toString("base64");
    const pngHeader = (w: number, h: number) => {
      const b = Buffer.alloc(33);
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
      b.writeUInt32BE(13, 8);
      b.write("IHDR", 12, "latin1");
      b.writeUInt32BE(w, 16);
      b.writeUInt32BE(h, 20);
      b[24] = 8;
      b[25] = 2;
      return b.toString("base64");
    };
    const images = [
      `data:image/jpeg;base64,${text("this is a text file named photo.jpg\n")}`,
      text("plain text, no prefix"),
      `data:image/png;base64,${text("<svg xmlns='http://www.w3.org/2000/svg'/>")}`,
      `data:image/svg+xml;base64,${text("<svg xmlns='http://www.w3.org/2000/svg'/>")}`,
      `data:text/plain;base64,${text("hello")}`,
      "data:image/jpeg;base64,",
      "data:image/jpeg;base64,!!!!",
      "data:image/jpeg,not-base64",
      `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]).toString("base64")}`,
      `data:image/png;base64,${pngHeader(100_000, 100_000)}`,
      `data:image/jpeg;base64,${jpeg.subarray(0, jpeg.length / 2).toString("base64")}`,
      " ",
      "",
    ];
    it.each(imageRoutes)("%s refuses files that are not photos", async (key) => {
      const target = byKey(key)!;
      for (const img of images) {
        const base = (fixtures[key] ?? {}) as Record<string, unknown>;
        await check(target, { text: JSON.stringify({ ...base, image: img }) }, false);
      }
      const multipart = [
        "--x",
        'Content-Disposition: form-data; name="image"; filename="photo.jpg"',
        "Content-Type: image/jpeg",
        "",
        "this is a text file named photo.jpg",
        "--x--",
        "",
      ].join("\r\n");
      await check(
        target,
        { text: multipart, contentType: "multipart/form-data; boundary=x" },
        false,
      );
      await check(target, { text: jpeg.toString("latin1"), contentType: "image/jpeg" }, false);
      await check(target, { text: "", contentType: "application/json" }, false);
      await check(target, { text: undefined }, false);
    });

    it("a bird whose photo is not an image is not created or changed", async () => {
      const bad = `data:image/jpeg;base64,${text("this is a text file named photo.jpg")}`;
      const post = byKey("POST /api/chickens")!;
      const patch = byKey("PATCH /api/chickens/:id")!;
      await check(
        post,
        { text: JSON.stringify({ name: "Pic", breed: "Silkie", imageUrl: bad }) },
        false,
      );
      await check(patch, { text: JSON.stringify({ name: "Renamed", imageUrl: bad }) }, false);
    });
  });

  it("a snooze in the past and impossible chore schedules: a clear 4xx naming the field", async () => {
    // A chore of its own: the properties above may have changed the seeded one's schedule.
    const daily = await create("POST", "/api/chores", {
      title: "Collect eggs",
      frequency: "daily",
    });
    const taskId = `chore:${daily.id}:${today}`;
    baseline = null;
    const snooze = { ...byKey("POST /api/tasks/:id/snooze")!, url: `/api/tasks/${taskId}/snooze` };
    for (const until of [daysAgo(1), daysAgo(400), "2026-02-30", ""]) {
      await check(snooze, { text: JSON.stringify({ until }) }, false);
    }
    const res = await send({
      method: "POST",
      url: `/api/tasks/${taskId}/snooze`,
      payload: { until: daysAgo(2) },
    });
    expect(res.json()).toMatchObject({
      statusCode: 400,
      message: "Snooze until must be a date after today",
      field: "until",
    });
    const post = byKey("POST /api/chores")!;
    const patch = { ...byKey("PATCH /api/chores/:id")!, url: `/api/chores/${daily.id}` };
    for (const body of [
      { title: "A", frequency: "weekly" },
      { title: "A", frequency: "weekly", weekday: 7 },
      { title: "A", frequency: "weekly", weekday: 1, dayOfMonth: 3 },
      { title: "A", frequency: "monthly", dayOfMonth: 0 },
      { title: "A", frequency: "monthly", dayOfMonth: 32 },
      { title: "A", frequency: "daily", weekday: 2 },
      { title: "A", frequency: "monthly", dayOfMonth: 2.5 },
    ]) {
      await check(post, { text: JSON.stringify(body) }, false);
    }
    // The stored chore is daily: a weekday alone, or weekly without one, does not fit it.
    for (const body of [{ weekday: 2 }, { dayOfMonth: 3 }, { frequency: "weekly" }]) {
      await check(patch, { text: JSON.stringify(body) }, false);
    }
    // Push subscriptions: a made-up service, a key that is no point on the curve, another account's device.
    const push = byKey("POST /api/push/subscriptions")!;
    const device = {
      endpoint: "https://fcm.googleapis.com/fcm/send/fuzz-targeted",
      keys: { p256dh: PROBE_P256DH, auth: PROBE_AUTH },
      timeZone: "UTC",
    };
    for (const body of [
      { ...device, endpoint: "https://attacker.example/collect" },
      { ...device, endpoint: "http://127.0.0.1:9/push" },
      { ...device, keys: { p256dh: "B".repeat(87), auth: PROBE_AUTH } },
      { ...device, keys: { p256dh: PROBE_P256DH, auth: "short" } },
      { ...device, timeZone: "Nowhere/Special" },
    ]) {
      await check(push, { text: JSON.stringify(body) }, false);
    }
    const unknown = await send({
      method: "POST",
      url: `/api/tasks/chore:${keeper.user.id}:${today}/done`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it(
    "the Symptom Checker: empty or 200 symptoms, 10,000-character text, unknown species and control characters get a clear 4xx or an honest answer naming what was not understood",
    async () => {
      const target = byKey("POST /api/health-conditions/diagnose")!;
      const symptomText = fc.oneof(
        nastyString,
        fc.constantFrom(
          "x".repeat(10_000),
          `comb pale ${"and ".repeat(2_500)}`,
          "cough\u0000ing",
          "\u0007\u001b[31mlimping\u001b[0m",
          "comb pale",
          "glorp",
          "\u0001",
        ),
        fc.string({ unit: "binary", minLength: 1, maxLength: 200 }),
      );
      const symptoms = fc.oneof(
        { weight: 4, arbitrary: fc.array(symptomText, { minLength: 1, maxLength: 30 }) },
        { weight: 1, arbitrary: fc.array(symptomText, { maxLength: 200 }) },
        { weight: 1, arbitrary: fc.constant(Array.from({ length: 200 }, () => "sneezing")) },
        { weight: 1, arbitrary: fc.constant([] as string[]) },
      );
      let answered = 0;
      const species = fc.constantFrom<unknown>(
        undefined,
        "chicken",
        "guinea_fowl",
        "quail",
        "emu",
        "",
        "CHICKEN",
        "guinea fowl",
        "chicken\u0000",
        3,
        null,
      );
      await property(
        fc.record({ symptoms, species }).map(({ symptoms, species }) => ({
          symptoms,
          ...(species === undefined ? {} : { species }),
        })),
        async (body) => {
          const c: Case = { text: JSON.stringify(body) };
          await check(target, c);
          const parsed = diagnoseBody.safeParse(body);
          if (!parsed.success) return;
          // NUL and lone surrogates are refused for every route, with a message saying so.
          if (unstorableText(body)) return;
          // Valid: 200, and when none of the texts named a symptom, the answer is an empty list
          // with every text handed back as not understood (never a silent empty list).
          // Signed out: the checker is public, and signed in its 120 a minute count for the one
          // fuzz keeper, which the route sweep above may have used up within the same minute
          // (CI, once the app answered faster: 429 on this property's first run).
          const res = await send(
            {
              method: "POST",
              url: target.url,
              headers: { "content-type": "application/json" },
              payload: c.text,
            },
            { signedOut: true },
          );
          expect(res.statusCode, preview(c.text)).toBe(200);
          answered++;
          const { symptoms: vocabulary } = getKnowledge();
          if (resolveSymptoms(parsed.data.symptoms, vocabulary).ids.length > 0) return;
          expect(res.json(), preview(c.text)).toEqual([]);
          const header = res.headers[NOT_UNDERSTOOD_HEADER];
          expect(typeof header, preview(c.text)).toBe("string");
          const notUnderstood = JSON.parse(decodeURIComponent(String(header))) as string[];
          expect(notUnderstood.length, preview(c.text)).toBe(
            Math.min(10, parsed.data.symptoms.length),
          );
        },
        RUNS.garbage,
        // Valid bodies whatever the seed (with the PostgreSQL pass's quarter, 25 runs, a seed drew
        // none once and the check below failed): one understood, one not, one of another species.
        [
          { symptoms: ["comb pale"] },
          { symptoms: ["glorp", "comb pale"], species: "quail" },
          { symptoms: ["glorp"] },
        ],
      );
      // The generator reaches valid requests too, not only refusals.
      expect(answered).toBeGreaterThan(0);
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "an import file with the right header but broken tables is refused whole",
    async () => {
      const target = byKey("POST /api/account/import")!;
      await property(
        fc
          .record({
            tables: fc.dictionary(
              fc.constantFrom(
                "chickens",
                "eggRecords",
                "vaccinations",
                "settings",
                "nope",
                "__proto__",
              ),
              fc.array(jsonArb(["id", "name", "breed", "chickenId", "date", "eggsLaid"]), {
                maxLength: 3,
              }),
            ),
            images: fc.array(jsonArb(["hash", "mime", "data"]), { maxLength: 2 }),
            schemaVersion: fc.constantFrom(1, 0, 2, -1, 1.5),
          })
          .map(({ tables, images, schemaVersion }): Case => {
            const counts = Object.fromEntries(
              Object.entries(tables).map(([k, rows]) => [k, rows.length]),
            );
            const json = `{"format":"flockkeeper-export","schemaVersion":${schemaVersion},"tables":{${Object.entries(
              tables,
            )
              .map(([k, rows]) => `${JSON.stringify(k)}:[${rows.map(toJsonText).join(",")}]`)
              .join(
                ",",
              )}},"images":[${images.map(toJsonText).join(",")}],"counts":${JSON.stringify({ ...counts, images: images.length })}}`;
            return { text: json };
          }),
        (c) => check(target, c, false),
        RUNS.garbage,
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "the built-in OpenID provider (its own error format) answers malformed requests without a 5xx",
    async () => {
      const oidc = {
        key: "ALL /oidc/*",
        queryKeys: [
          "client_id",
          "response_type",
          "redirect_uri",
          "scope",
          "code_challenge",
          "state",
          "id_token_hint",
          "grant_type",
          "code",
        ],
      };
      // Found by this property (seed 842762439): a NUL in a token request's client_id reached the
      // database as a lookup, and PostgreSQL's refusal came back as a 500.
      for (const form of [
        "client_id=%00",
        "client_id=a%00b&grant_type=authorization_code&code=%00",
      ]) {
        const res = await send({
          method: "POST",
          url: "/oidc/token?client_id=1",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: form,
        });
        expect(res.statusCode, `${form}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
      await property(
        fc.record({
          path: fc.constantFrom(
            "auth",
            "token",
            "me",
            "session/end",
            "jwks",
            "reg",
            "token/introspection",
            "nope",
          ),
          method: fc.constantFrom("GET", "POST"),
          query: queryArb({ knownKeys: oidc.queryKeys } as Target),
          form: fc.option(queryArb({ knownKeys: oidc.queryKeys } as Target), { nil: undefined }),
        }),
        async ({ path, method, query, form }) => {
          count(oidc.key);
          const before = baseline ?? (await fingerprint());
          const res = await send({
            method: method as "POST",
            url: `/oidc/${path}?${query}`,
            headers:
              form === undefined ? {} : { "content-type": "application/x-www-form-urlencoded" },
            payload: method === "POST" ? form : undefined,
          });
          totals.requests++;
          baseline = await fingerprint();
          expect(
            res.statusCode,
            `${method} /oidc/${path}?${query}: ${res.body.slice(0, 200)}`,
          ).toBeLessThan(500);
          expect(res.body).not.toMatch(/node_modules|\.[cm]?[jt]s:\d+:\d+/);
          expect(fingerprintDiff(before, baseline)).toEqual([]);
        },
        RUNS.query,
      );
    },
    PROPERTY_TIMEOUT,
  );

  it("prints what was covered", () => {
    const lines = [...perRoute.entries()].sort(([a], [b]) => a.localeCompare(b));
    console.log(
      [
        `bad-input: ${totals.runs} runs (${totals.requests} requests, ${totals.accepted} valid inputs accepted) over ${lines.length} routes`,
        ...lines.map(([k, n]) => `  ${String(n).padStart(5)}  ${k}`),
        `not fuzzed: ${Object.entries({ ...skipped, ...bodyIgnored })
          .map(([k, why]) => `${k} (${why}${bodyIgnored[k] ? "; only unparseable bodies" : ""})`)
          .join("; ")}`,
      ].join("\n"),
    );
    expect(totals.runs).toBeGreaterThan(1_000);
  });
});
