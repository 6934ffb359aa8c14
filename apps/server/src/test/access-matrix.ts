/**
 * The access-control matrix: every route the server registers, keyed by `"METHOD /url/pattern"`
 * exactly as Fastify registers it (`ALL` for a route registered with `app.all`), and who may use it.
 * `access-matrix.test.ts` builds the real app, lists its routes and fails for a route with no entry
 * here or an entry with no route, then probes every entry as a signed-out visitor, as another
 * keeper and as a signed-in non-admin.
 *
 * Adding a route: add one entry. Its request is built from the pattern (`:id` and friends filled
 * from `params`) and from `query` / `payload`, using the seeded keeper's real ids (`Seed`), so the
 * probe addresses a record that exists and belongs to someone else. HEAD twins of GET routes are
 * not listed: they share their GET route's entry (and are probed signed out with it).
 *
 * - `public`: no keeper data (health, knowledge lookups, sign-in, SEO). Say why.
 * - `keeper`: reads or writes keeper data: 401 signed out; another keeper gets 404 for the owner's
 *   record, or (`stranger`, with a reason) acts on their own data only. The owner's data must be
 *   unchanged afterwards.
 * - `keeper-list`: a read of the caller's own collection or summary: 401 signed out; another keeper
 *   gets an empty list (or `strangerSees`: an empty summary) while the owner's answer differs.
 * - `admin`: 401/403 to a signed-out visitor and to a signed-in non-admin; the handler never runs.
 * - `optional-user`: works signed in or out, but must not leak or touch another keeper's data
 *   (`owner`: what the owner gets instead, for a route that serves the owner's record).
 */
import { inflateRawSync } from "node:zlib";
import { addDaysIso as addDays } from "@flockkeeper/shared/schemas/common";
import type { TestUser } from "./helpers";

/** What the test seeds through the API before probing: a keeper (the owner) with one of everything. */
export type Seed = {
  owner: TestUser;
  /** Unique text written into the owner's records; no other caller's answer may contain it. */
  mark: string;
  /** The server's UTC date. */
  today: string;
  chickenId: string;
  eggRecordId: string;
  feedRecordId: string;
  weightRecordId: string;
  environmentalRecordId: string;
  /** A flock of the owner's, one of its events and a basket of its eggs. */
  flockId: string;
  flockEventId: string;
  eggCollectionId: string;
  /** An income transaction of the owner's (money: owners and keepers only). */
  transactionId: string;
  hatchId: string;
  candlingId: string;
  vaccinationId: string;
  /** A treatment of the owner's flock (issue 20). */
  treatmentId: string;
  /** A daily chore of the owner's farm, and its task of today (`chore:<id>:<today>`). */
  choreId: string;
  choreTaskId: string;
  recentSearchId: string;
  analysisId: string;
  imageFile: string;
  /** The owner's JSON export (for the import probe). */
  exportDoc: unknown;
  /** A photo for the analysis probes, as a data URL. */
  photo: string;
  /** The owner's farm (the farm in use for the owner and the two members below). */
  farmId: string;
  /** Members of the owner's farm with the roles below owner, joined by invitation. */
  keeperMember: TestUser;
  helperMember: TestUser;
  /** An open invitation to the owner's farm (for the revoke probe). */
  invitationId: string;
  /** Another picture (base64 PNG) for upload probes; not the owner's, so its address differs. */
  probeImage: string;
  /** Text in the admin's seeded records (ads are public, so not the keeper's `mark`). */
  adminMark: string;
  adId: string;
  partnerId: string;
};

/** A decoded answer: JSON when it is JSON, else the text. */
export type Answer = { status: number; body: unknown; text: string };

export type Probe = {
  params?: (s: Seed) => Record<string, string>;
  query?: (s: Seed) => Record<string, string>;
  payload?: (s: Seed) => unknown;
};

/** A check of another keeper's (or visitor's) answer, with the reason it is right. */
export type Sees = { why: string; check: (a: Answer, caller: TestUser | null) => boolean };

export type PublicEntry = {
  access: "public";
  why: string;
  /** A signed-out request that must answer `status` (omitted when the route calls out, e.g. weather). */
  probe?: Probe & { status: number };
};
/**
 * The least farm role that may use a keeper route (issue 18): `helper` (every member), `keeper`
 * (owners and keepers) or `owner`. A member below it gets 403 and nothing changes; a non-member
 * gets 404 (the `keeper`/`keeper-list` checks above). Required, so a new route cannot be left
 * unclassified.
 */
export type MinRole = "helper" | "keeper" | "owner";

export type KeeperEntry = Probe & {
  access: "keeper";
  minRole: MinRole;
  /** Default: 404 for another keeper. Otherwise the status another keeper gets, acting on their own data. */
  stranger?: { status: number; why: string };
};
export type KeeperListEntry = Probe & {
  access: "keeper-list";
  minRole: MinRole;
  /** Default: an empty list. */
  strangerSees?: Sees;
  /** Further requests naming one of the owner's ids: another keeper gets 404. */
  variants?: Probe[];
  /** Turns a binary answer into text for the checks (e.g. unzip). */
  decode?: (raw: Buffer) => string;
};
export type AdminEntry = Probe & { access: "admin" };
export type OptionalUserEntry = Probe & {
  access: "optional-user";
  why: string;
  signedOut: number;
  stranger: number;
  strangerSees?: Sees;
  /** What the owner gets for the same request, when it differs from what others get. */
  owner?: number;
};
export type MatrixEntry =
  PublicEntry | KeeperEntry | KeeperListEntry | AdminEntry | OptionalUserEntry;

const id = (key: keyof Seed) => (s: Seed) => ({ id: String(s[key]) });
const emptyArray = (v: unknown) => Array.isArray(v) && v.length === 0;
const obj = (a: Answer) => (a.body ?? {}) as Record<string, unknown>;
const ownChicken = (s: Seed) => ({ chickenId: s.chickenId });
/** A CSV with its header line only. */
const headerOnly = (text: string) => text.trim().split(/\r?\n/).length === 1;

/** Well-formed WebAuthn answers that no authenticator signed (the probes must not pass with them). */
const PROBE_ASSERTION = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: "AAAA", authenticatorData: "AAAA", signature: "AAAA" },
  clientExtensionResults: {},
};
const PROBE_ATTESTATION = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: "AAAA", attestationObject: "AAAA" },
  clientExtensionResults: {},
};

/** A real P-256 public key and an auth secret, as a browser's PushSubscription carries them. */
export const PROBE_P256DH =
  "BCfvfBK19bsPlQT4ywFG-hAIZuRrGuGtramztc1twxnT-1gN_Lw5y8YbdUra0e2VfkOIvfUVkcbCzTeAAJXvPAs";
export const PROBE_AUTH = "o1WoirDIXob5f3uWHeonqA";

const validAd = (s: Seed) => ({
  title: `${s.adminMark} ad`,
  description: "Probe",
  category: "feed",
  isActive: 1,
});
const validPartner = (s: Seed) => ({
  name: `${s.adminMark} partner`,
  baseUrl: "https://example.com",
  title: "Probe",
  category: "feed",
});

export const accessMatrix: Record<string, MatrixEntry> = {
  // ------------------------------------------------------------------ sign-in (auth plugin)
  "ALL /oidc/*": {
    access: "public",
    why: "the built-in OpenID provider (discovery, authorize, token); it holds no keeper data",
    probe: { params: () => ({ "*": ".well-known/openid-configuration" }), status: 200 },
  },
  "GET /api/builtin-signin/:uid": {
    access: "public",
    why: "the built-in provider's sign-in page",
    probe: { params: () => ({ uid: "no-such-interaction" }), status: 400 },
  },
  "POST /api/builtin-signin/:uid": {
    access: "public",
    why: "the built-in provider's sign-in form",
    probe: { params: () => ({ uid: "no-such-interaction" }), status: 400 },
  },
  "GET /api/builtin-signin/:uid/create": {
    access: "public",
    why: "the built-in provider's create-account page",
    probe: { params: () => ({ uid: "no-such-interaction" }), status: 400 },
  },
  "POST /api/builtin-signin/:uid/create": {
    access: "public",
    why: "the built-in provider's create-account form",
    probe: { params: () => ({ uid: "no-such-interaction" }), status: 400 },
  },
  "GET /api/builtin-signin/:uid/recover": {
    access: "public",
    why: "the built-in provider's recovery-code page",
    probe: { params: () => ({ uid: "no-such-interaction" }), status: 400 },
  },
  "POST /api/builtin-signin/:uid/recover": {
    access: "public",
    why: "the built-in provider's recovery-code form",
    probe: { params: () => ({ uid: "no-such-interaction" }), status: 400 },
  },
  "POST /api/builtin-signin/:uid/passkey/options": {
    access: "public",
    why: "a passkey challenge for a live sign-in interaction",
    probe: { params: () => ({ uid: "no-such-interaction" }), status: 400 },
  },
  "POST /api/builtin-signin/:uid/passkey": {
    access: "public",
    why: "signs in with a passkey for a live sign-in interaction",
    probe: { params: () => ({ uid: "no-such-interaction" }), status: 400 },
  },
  "GET /api/signin-assets/webauthn.js": {
    access: "public",
    why: "the browser half of @simplewebauthn for the sign-in page",
    probe: { status: 200 },
  },
  "GET /api/signin-assets/passkey-signin.js": {
    access: "public",
    why: "the sign-in page's passkey button",
    probe: { status: 200 },
  },
  "GET /api/login": { access: "public", why: "starts sign-in", probe: { status: 302 } },
  "GET /api/callback": {
    access: "public",
    why: "finishes sign-in (no transaction cookie: back to the error page)",
    probe: { status: 302 },
  },
  "GET /api/login/error": {
    access: "public",
    why: "the sign-in error page",
    probe: { status: 400 },
  },
  "GET /api/logout": {
    access: "optional-user",
    why: "ends only the caller's own session, and only from our pages: without Sec-Fetch-Site same-origin it answers a confirmation page",
    signedOut: 200,
    stranger: 200,
  },
  "POST /api/logout": {
    access: "optional-user",
    why: "ends only the caller's own session",
    signedOut: 302,
    stranger: 302,
  },
  "GET /api/auth/user": {
    access: "keeper-list",
    minRole: "helper",
    strangerSees: {
      why: "the caller's own profile",
      check: (a, caller) => obj(a).id === caller?.user.id,
    },
  },

  // Sign-in security of the caller's own account (modules/auth). The probe keepers sign in with
  // another provider (tests' sessions), so local-account actions answer NOT_LOCAL_ACCOUNT (400).
  "GET /api/auth/security": {
    access: "keeper-list",
    minRole: "helper",
    strangerSees: {
      why: "the caller's own sign-in history and passkeys (none)",
      check: (a) => Array.isArray(obj(a).passkeys) && emptyArray(obj(a).passkeys),
    },
  },
  "POST /api/auth/reauth": {
    access: "keeper",
    minRole: "helper",
    payload: () => ({ password: "not the password" }),
    stranger: { status: 400, why: "checks the caller's own password (none here: not local)" },
  },
  "POST /api/auth/reauth/passkey/options": {
    access: "keeper",
    minRole: "helper",
    stranger: { status: 400, why: "a challenge for the caller's own passkeys (not local)" },
  },
  "POST /api/auth/reauth/passkey": {
    access: "keeper",
    minRole: "helper",
    payload: () => ({ response: PROBE_ASSERTION }),
    stranger: { status: 400, why: "checks the caller's own passkey (not local)" },
  },
  "POST /api/auth/password": {
    access: "keeper",
    minRole: "helper",
    payload: () => ({ currentPassword: "not the password", newPassword: "a new long password" }),
    stranger: { status: 400, why: "changes the caller's own password (not local)" },
  },
  "POST /api/auth/recovery-codes": {
    access: "keeper",
    minRole: "helper",
    stranger: { status: 400, why: "replaces the caller's own recovery codes (not local)" },
  },
  "POST /api/auth/passkeys/options": {
    access: "keeper",
    minRole: "helper",
    stranger: { status: 400, why: "a challenge to add a passkey to the caller's own account" },
  },
  "POST /api/auth/passkeys": {
    access: "keeper",
    minRole: "helper",
    payload: () => ({ response: PROBE_ATTESTATION }),
    stranger: { status: 400, why: "adds a passkey to the caller's own account (not local)" },
  },
  "DELETE /api/auth/passkeys/:id": {
    access: "keeper",
    minRole: "helper",
    params: () => ({ id: "AAAA" }),
  },

  // ------------------------------------------------------------------ platform
  "GET /api/health": { access: "public", why: "liveness", probe: { status: 200 } },
  "GET /server-pages.css": {
    access: "public",
    why: "style of the server-rendered pages (the web build and its SPA fallback are not routes in tests)",
    probe: { status: 200 },
  },
  "GET /sitemap.xml": { access: "public", why: "SEO", probe: { status: 200 } },
  "GET /robots.txt": { access: "public", why: "SEO", probe: { status: 200 } },
  "GET /api/stats": {
    access: "public",
    why: "marketing totals over all keepers",
    probe: { status: 200 },
  },
  "POST /api/newsletter": {
    access: "public",
    why: "subscribes an email address; no keeper data",
    probe: {
      payload: (s) => ({ email: `${s.adminMark}-probe@example.com`, consent: true }),
      status: 200,
    },
  },
  "POST /api/track-click": {
    access: "optional-user",
    why: "records a click for the caller (or nobody); answers nothing",
    payload: () => ({
      elementName: "Matrix",
      elementType: "button",
      page: "/",
      sessionId: "matrixSession01",
    }),
    signedOut: 204,
    stranger: 204,
  },
  "GET /api/advertisements": {
    access: "public",
    why: "the active ads shown to everyone",
    probe: { status: 200 },
  },
  "GET /api/affiliate-blocks": {
    access: "public",
    why: "the affiliate blocks shown to everyone",
    probe: { status: 200 },
  },

  // ------------------------------------------------------------------ knowledge lookups
  "GET /api/food-items/search": {
    access: "public",
    why: "knowledge base lookup",
    probe: { query: () => ({ name: "kale" }), status: 200 },
  },
  "GET /api/food-items/suggestions": {
    access: "public",
    why: "knowledge base lookup",
    probe: { query: () => ({ q: "ka" }), status: 200 },
  },
  "POST /api/food-items/bulk-search": {
    access: "public",
    why: "knowledge base lookup",
    probe: { payload: () => ({ names: ["kale"] }), status: 200 },
  },
  "POST /api/health-conditions/diagnose": {
    access: "public",
    why: "knowledge base lookup",
    probe: { payload: () => ({ symptoms: ["sneezing"] }), status: 200 },
  },
  "GET /api/breeds": { access: "public", why: "knowledge base lookup", probe: { status: 200 } },
  "GET /api/weather": {
    access: "public",
    why: "a forecast for a location (no probe: it calls the forecast service)",
  },
  "GET /api/weather/places": {
    access: "public",
    why: "towns by name, no keeper data (no probe: it calls the geocoding service)",
  },

  // ------------------------------------------------------------------ images
  "POST /api/images": {
    access: "keeper",
    minRole: "helper",
    payload: (s) => ({ image: s.probeImage }),
    stranger: { status: 201, why: "stores the caller's own upload" },
  },
  "GET /api/images/:file": {
    access: "optional-user",
    why:
      "a keeper's photo is served only to its owners (404 to anyone else, like a missing one: the " +
      "hash is no key); only the admin's ad pictures (admin_images) are public, signed in or out",
    params: (s) => ({ file: s.imageFile }),
    signedOut: 404,
    stranger: 404,
    owner: 200,
  },

  // ------------------------------------------------------------------ flock
  "GET /api/chickens": { access: "keeper-list", minRole: "helper" },
  "GET /api/chickens/:id": { access: "keeper", minRole: "helper", params: id("chickenId") },
  "POST /api/chickens": {
    access: "keeper",
    minRole: "keeper",
    payload: () => ({ name: "Probe hen", breed: "Sussex" }),
    stranger: { status: 201, why: "adds a bird to the caller's own flock" },
  },
  "PATCH /api/chickens/:id": {
    access: "keeper",
    minRole: "keeper",
    params: id("chickenId"),
    payload: () => ({ name: "Stolen", healthStatus: "healthy" }),
  },
  "DELETE /api/chickens/:id": { access: "keeper", minRole: "keeper", params: id("chickenId") },
  "POST /api/chickens/:id/outcome": {
    access: "keeper",
    minRole: "keeper",
    params: id("chickenId"),
    payload: () => ({ outcome: "died" }),
  },
  "GET /api/chickens/:id/delete-preview": {
    access: "keeper",
    minRole: "helper",
    params: id("chickenId"),
  },

  "GET /api/flocks": { access: "keeper-list", minRole: "helper" },
  "GET /api/flocks/production": {
    access: "keeper-list",
    minRole: "helper",
    strangerSees: {
      why: "their own farm's (empty) production",
      check: (a) => (a.body as { eggs: number }).eggs === 0,
    },
  },
  "GET /api/flocks/:id": { access: "keeper", minRole: "helper", params: id("flockId") },
  "POST /api/flocks": {
    access: "keeper",
    minRole: "keeper",
    payload: (s) => ({ name: "Probe flock", startDate: s.today, headcount: 3 }),
    stranger: { status: 201, why: "adds a flock to the caller's own farm" },
  },
  "PATCH /api/flocks/:id": {
    access: "keeper",
    minRole: "keeper",
    params: id("flockId"),
    payload: () => ({ name: "Stolen" }),
  },
  "DELETE /api/flocks/:id": { access: "keeper", minRole: "keeper", params: id("flockId") },
  "GET /api/flocks/:id/production": {
    access: "keeper",
    minRole: "helper",
    params: id("flockId"),
  },
  "GET /api/flocks/:id/events": { access: "keeper", minRole: "helper", params: id("flockId") },
  "POST /api/flocks/:id/events": {
    access: "keeper",
    minRole: "helper",
    params: id("flockId"),
    payload: (s) => ({ type: "died", date: s.today, count: 1 }),
  },
  "PATCH /api/flocks/:id/events/:eventId": {
    access: "keeper",
    minRole: "helper",
    params: (s) => ({ id: s.flockId, eventId: s.flockEventId }),
    payload: () => ({ notes: "Stolen" }),
  },
  "DELETE /api/flocks/:id/events/:eventId": {
    access: "keeper",
    minRole: "helper",
    params: (s) => ({ id: s.flockId, eventId: s.flockEventId }),
  },
  "GET /api/egg-collections": { access: "keeper-list", minRole: "helper" },
  "POST /api/egg-collections": {
    access: "keeper",
    minRole: "helper",
    payload: (s) => ({ flockId: s.flockId, date: s.today, eggs: 4 }),
  },
  "PATCH /api/egg-collections/:id": {
    access: "keeper",
    minRole: "helper",
    params: id("eggCollectionId"),
    payload: () => ({ eggs: 1 }),
  },
  "DELETE /api/egg-collections/:id": {
    access: "keeper",
    minRole: "helper",
    params: id("eggCollectionId"),
  },

  "GET /api/egg-records": { access: "keeper-list", minRole: "helper", query: ownChicken },
  "GET /api/egg-records/stats": {
    access: "keeper-list",
    minRole: "helper",
    strangerSees: {
      why: "the caller's own (empty) counts",
      check: (a) => obj(a).eggsLast30Days === 0 && obj(a).layingBirds === 0,
    },
    variants: [{ query: ownChicken }],
  },
  "GET /api/egg-records/analytics": {
    access: "keeper-list",
    minRole: "helper",
    strangerSees: {
      why: "the caller's own (empty) totals",
      check: (a) => emptyArray(obj(a).perBird) && emptyArray(obj(a).quality),
    },
    variants: [{ query: ownChicken }],
  },
  "POST /api/egg-records": {
    access: "keeper",
    minRole: "helper",
    payload: (s) => ({ chickenId: s.chickenId, date: s.today, eggsLaid: 1 }),
  },
  "POST /api/egg-records/batch": {
    access: "keeper",
    minRole: "helper",
    payload: (s) => ({ date: s.today, records: [{ chickenId: s.chickenId, eggsLaid: 1 }] }),
  },
  // Corrections: every member may use the route; a helper only on their own records within 24 h
  // (egg-records.routes.test.ts and friends check that rule per role).
  "PATCH /api/egg-records/:id": {
    access: "keeper",
    minRole: "helper",
    params: id("eggRecordId"),
    payload: () => ({ eggsLaid: 9 }),
  },
  "DELETE /api/egg-records/:id": { access: "keeper", minRole: "helper", params: id("eggRecordId") },

  "GET /api/hatch-records/active": { access: "keeper-list", minRole: "helper" },
  "GET /api/hatch-records": { access: "keeper-list", minRole: "helper" },
  "POST /api/hatch-records": {
    access: "keeper",
    minRole: "keeper",
    payload: (s) => ({ eggSource: "Probe", species: "chicken", incubationStartDate: s.today }),
    stranger: { status: 201, why: "starts an incubation of the caller's own" },
  },
  "PATCH /api/hatch-records/:id/mark-success": {
    access: "keeper",
    minRole: "keeper",
    params: id("hatchId"),
    payload: () => ({ success: false }),
  },
  "GET /api/hatch-records/history": {
    access: "keeper-list",
    minRole: "helper",
    strangerSees: { why: "the caller's own (empty) history", check: (a) => emptyArray(a.body) },
  },
  "GET /api/hatch-records/history/breeders": {
    access: "keeper-list",
    minRole: "helper",
    strangerSees: {
      why: "the caller's own (empty) breeder history",
      check: (a) => emptyArray(a.body),
    },
  },
  "GET /api/hatch-records/:id": { access: "keeper", minRole: "helper", params: id("hatchId") },
  "PATCH /api/hatch-records/:id": {
    access: "keeper",
    minRole: "keeper",
    params: id("hatchId"),
    payload: () => ({ eggSource: "Stolen" }),
  },
  "DELETE /api/hatch-records/:id": { access: "keeper", minRole: "keeper", params: id("hatchId") },
  "POST /api/hatch-records/:id/candlings": {
    access: "keeper",
    minRole: "keeper",
    params: id("hatchId"),
    payload: (s) => ({ date: s.today, fertile: 1, clear: 0 }),
  },
  "PATCH /api/hatch-records/:id/candlings/:candlingId": {
    access: "keeper",
    minRole: "keeper",
    params: (s) => ({ id: s.hatchId, candlingId: s.candlingId }),
    payload: () => ({ fertile: 0, clear: 0 }),
  },
  "DELETE /api/hatch-records/:id/candlings/:candlingId": {
    access: "keeper",
    minRole: "keeper",
    params: (s) => ({ id: s.hatchId, candlingId: s.candlingId }),
  },
  "POST /api/hatch-records/:id/result": {
    access: "keeper",
    minRole: "keeper",
    params: id("hatchId"),
    payload: (s) => ({ date: s.today, hatched: 0 }),
  },
  "GET /api/incubation-profiles": {
    access: "public",
    why: "the incubation profiles dataset (knowledge base)",
    probe: { status: 200 },
  },
  "GET /api/health-conditions": {
    access: "public",
    why: "the conditions base for pickers (knowledge base)",
    probe: { status: 200 },
  },
  "GET /api/medications": {
    access: "public",
    why: "the medications dataset (knowledge base, with its disclaimer)",
    probe: { status: 200 },
  },

  "GET /api/vaccinations": { access: "keeper-list", minRole: "helper" },
  "POST /api/vaccinations": {
    access: "keeper",
    minRole: "keeper",
    payload: (s) => ({
      vaccine: "Marek's Disease",
      birdId: s.chickenId,
      birdName: "Probe",
      date: s.today,
    }),
  },
  "POST /api/vaccinations/import": {
    access: "keeper",
    minRole: "keeper",
    payload: (s) => ({
      records: [
        {
          id: "local-1",
          vaccine: "Marek's Disease",
          birdId: s.chickenId,
          birdName: "Probe",
          date: s.today,
        },
      ],
    }),
    stranger: {
      status: 200,
      why: "imports into the caller's own records; a bird id outside their flock is dropped",
    },
  },
  "PATCH /api/vaccinations/:id/done": {
    access: "keeper",
    minRole: "helper",
    params: id("vaccinationId"),
    payload: (s) => ({ date: s.today }),
  },
  "PATCH /api/vaccinations/:id": {
    access: "keeper",
    minRole: "helper",
    params: id("vaccinationId"),
    payload: () => ({ notes: "Stolen" }),
  },
  "DELETE /api/vaccinations/:id": {
    access: "keeper",
    minRole: "helper",
    params: id("vaccinationId"),
  },

  "GET /api/treatments": {
    access: "keeper-list",
    minRole: "helper",
    variants: [
      { query: (s) => ({ flockId: s.flockId }) },
      { query: (s) => ({ chickenId: s.chickenId }) },
    ],
  },
  "POST /api/treatments": {
    access: "keeper",
    minRole: "keeper",
    payload: (s) => ({
      flockId: s.flockId,
      product: "Probe",
      route: "water",
      startDate: s.today,
      reason: "Probe",
      eggWithdrawalDays: 7,
      meatWithdrawalDays: 7,
    }),
  },
  "PATCH /api/treatments/:id": {
    access: "keeper",
    minRole: "keeper",
    params: id("treatmentId"),
    payload: () => ({ notes: "Stolen" }),
  },
  "DELETE /api/treatments/:id": { access: "keeper", minRole: "keeper", params: id("treatmentId") },
  "GET /api/tasks": {
    access: "keeper-list",
    minRole: "helper",
    query: (s) => ({ date: s.today }),
    strangerSees: {
      why: "the caller's own farm's day: no tasks",
      check: (a) => emptyArray(obj(a).tasks),
    },
  },
  "POST /api/tasks/:id/done": {
    access: "keeper",
    minRole: "helper",
    params: (s) => ({ id: s.choreTaskId }),
  },
  "POST /api/tasks/:id/snooze": {
    access: "keeper",
    minRole: "helper",
    params: (s) => ({ id: s.choreTaskId }),
    payload: (s) => ({ until: addDays(s.today, 2) }),
  },
  "GET /api/calendar": {
    access: "keeper",
    minRole: "helper",
    stranger: { status: 200, why: "the caller's own feed address, made on first use" },
  },
  "DELETE /api/calendar": {
    access: "keeper",
    minRole: "helper",
    stranger: { status: 204, why: "revokes the caller's own feed address" },
  },
  "GET /api/calendar/:file": {
    access: "public",
    why: "a calendar app fetches the private feed without a cookie: its 256-bit token is the key, and an unknown or revoked one answers 404",
    probe: { params: () => ({ file: `${"A".repeat(43)}.ics` }), status: 404 },
  },
  "GET /api/push/public-key": {
    access: "public",
    why: "the server's VAPID public key, the same for everyone (a browser subscribes with it)",
    probe: { status: 200 },
  },
  "POST /api/push/subscriptions": {
    access: "keeper",
    minRole: "helper",
    payload: (s) => ({
      // Unique per run, and not the owner's mark (the answer echoes the endpoint).
      endpoint: `https://fcm.googleapis.com/fcm/send/probe-${[...s.mark].reverse().join("")}`,
      keys: { p256dh: PROBE_P256DH, auth: PROBE_AUTH },
      timeZone: "UTC",
      digestHour: 7,
    }),
    stranger: { status: 201, why: "subscribes the caller's own device for their own farm" },
  },
  "DELETE /api/push/subscriptions": {
    access: "keeper",
    minRole: "helper",
    payload: (s) => ({ endpoint: `https://fcm.googleapis.com/fcm/send/${s.mark}-owner` }),
  },
  "GET /api/email-digest": {
    access: "keeper",
    minRole: "helper",
    stranger: { status: 200, why: "the caller's own email summary setting" },
  },
  "PUT /api/email-digest": {
    access: "keeper",
    minRole: "helper",
    payload: () => ({ digestHour: 7, timeZone: "UTC" }),
    stranger: { status: 200, why: "turns on the caller's own email summary for their own farm" },
  },
  "DELETE /api/email-digest": { access: "keeper", minRole: "helper" },
  "GET /api/email-digest/unsubscribe/:token": {
    access: "public",
    why: "the unsubscribe link of a summary email works without sign-in: its 256-bit token is the key (a confirm page); an unknown one answers 404",
    probe: { params: () => ({ token: "A".repeat(43) }), status: 404 },
  },
  "POST /api/email-digest/unsubscribe/:token": {
    access: "public",
    why: "RFC 8058 one-click unsubscribe: a mail app posts to the link without sign-in; the 256-bit token is the key, an unknown one answers 404",
    probe: { params: () => ({ token: "A".repeat(43) }), status: 404 },
  },
  "GET /api/chores": { access: "keeper-list", minRole: "helper" },
  "POST /api/chores": {
    access: "keeper",
    minRole: "keeper",
    payload: () => ({ title: "Probe chore", frequency: "daily" }),
    stranger: { status: 201, why: "adds a chore to the caller's own farm" },
  },
  "PATCH /api/chores/:id": {
    access: "keeper",
    minRole: "keeper",
    params: id("choreId"),
    payload: () => ({ title: "Stolen" }),
  },
  "DELETE /api/chores/:id": {
    access: "keeper",
    minRole: "keeper",
    params: id("choreId"),
  },

  "GET /api/recent-searches": { access: "keeper-list", minRole: "helper" },
  "POST /api/recent-searches": {
    access: "keeper",
    minRole: "helper",
    payload: () => ({ term: "kale" }),
    stranger: { status: 201, why: "records the caller's own search" },
  },
  "DELETE /api/recent-searches/:id": {
    access: "keeper",
    minRole: "helper",
    params: id("recentSearchId"),
  },

  // ------------------------------------------------------------------ photo analyses
  "POST /api/analyze-feces": {
    access: "optional-user",
    why: "open to everyone; a keeper may attach only a bird of their own",
    payload: (s) => ({ image: s.photo, birdId: s.chickenId }),
    signedOut: 200,
    stranger: 404,
  },
  "POST /api/analyze-health": {
    access: "optional-user",
    why: "open to everyone; a keeper may attach only a bird of their own",
    payload: (s) => ({ image: s.photo, species: "chicken", birdId: s.chickenId }),
    signedOut: 200,
    stranger: 404,
  },
  "POST /api/identify-bird-breed": {
    access: "optional-user",
    why: "open to everyone; a keeper may attach only a bird of their own",
    payload: (s) => ({ image: s.photo, birdId: s.chickenId }),
    signedOut: 200,
    stranger: 404,
  },
  "GET /api/analyses": {
    access: "keeper-list",
    minRole: "helper",
    query: (s) => ({ birdId: s.chickenId }),
  },
  "GET /api/analyses/:id": { access: "keeper", minRole: "helper", params: id("analysisId") },
  "DELETE /api/analyses/:id": { access: "keeper", minRole: "keeper", params: id("analysisId") },

  // ------------------------------------------------------------------ production
  "GET /api/feed-records/recent": { access: "keeper-list", minRole: "helper" },
  "POST /api/feed-records": {
    access: "keeper",
    minRole: "helper",
    payload: (s) => ({ chickenId: s.chickenId, date: s.today, feedType: "Layer", feedAmount: 1 }),
  },
  "POST /api/feed-records/flock": {
    access: "keeper",
    minRole: "helper",
    payload: (s) => ({ date: s.today, feedType: "Layer", feedAmount: 1 }),
    stranger: {
      status: 400,
      why: "records feed for the caller's own birds only (a new keeper has none)",
    },
  },
  "PATCH /api/feed-records/:id": {
    access: "keeper",
    minRole: "helper",
    params: id("feedRecordId"),
    payload: () => ({ feedAmount: 9 }),
  },
  "DELETE /api/feed-records/:id": {
    access: "keeper",
    minRole: "helper",
    params: id("feedRecordId"),
  },
  "GET /api/weight-records/recent": { access: "keeper-list", minRole: "helper" },
  "POST /api/weight-records": {
    access: "keeper",
    minRole: "helper",
    payload: (s) => ({ chickenId: s.chickenId, date: s.today, weight: 5 }),
  },
  "PATCH /api/weight-records/:id": {
    access: "keeper",
    minRole: "helper",
    params: id("weightRecordId"),
    payload: () => ({ weight: 9 }),
  },
  "DELETE /api/weight-records/:id": {
    access: "keeper",
    minRole: "helper",
    params: id("weightRecordId"),
  },
  "GET /api/environmental-records/recent": { access: "keeper-list", minRole: "helper" },
  "POST /api/environmental-records": {
    access: "keeper",
    minRole: "helper",
    payload: (s) => ({ date: s.today, temperature: 70 }),
    stranger: { status: 201, why: "records the caller's own coop reading" },
  },
  "PATCH /api/environmental-records/:id": {
    access: "keeper",
    minRole: "helper",
    params: id("environmentalRecordId"),
    payload: () => ({ temperature: 99 }),
  },
  "DELETE /api/environmental-records/:id": {
    access: "keeper",
    minRole: "helper",
    params: id("environmentalRecordId"),
  },
  "GET /api/production/summary": {
    access: "keeper-list",
    minRole: "keeper",
    strangerSees: {
      why: "the caller's own (empty) totals",
      check: (a) => obj(a).totalEggs === 0 && obj(a).totalFeedLbs === 0,
    },
  },
  "GET /api/production/trends": {
    access: "keeper-list",
    minRole: "keeper",
    strangerSees: {
      why: "the caller's own (empty) trends",
      check: (a) =>
        emptyArray(obj(a).layers) &&
        (obj(a).birdsByHealth as { count: number }[]).every((b) => b.count === 0),
    },
  },
  "GET /api/production/export/:type": {
    access: "keeper-list",
    minRole: "keeper",
    params: () => ({ type: "eggs" }),
    strangerSees: { why: "the caller's own (empty) CSV", check: (a) => headerOnly(a.text) },
  },
  // ------------------------------------------------------------------ money (issue 20)
  "GET /api/transactions": { access: "keeper-list", minRole: "keeper" },
  "POST /api/transactions": {
    access: "keeper",
    minRole: "keeper",
    payload: (s) => ({
      type: "expense",
      category: "feed",
      date: s.today,
      amount: 5,
      flockId: s.flockId,
    }),
  },
  "PATCH /api/transactions/:id": {
    access: "keeper",
    minRole: "keeper",
    params: id("transactionId"),
    payload: () => ({ amount: 999 }),
  },
  "DELETE /api/transactions/:id": {
    access: "keeper",
    minRole: "keeper",
    params: id("transactionId"),
  },
  "GET /api/money/summary": {
    access: "keeper-list",
    minRole: "keeper",
    strangerSees: {
      why: "the caller's own (empty) money",
      check: (a) => obj(a).income === 0 && obj(a).expenses === 0 && obj(a).costPerDozen === null,
    },
    variants: [{ query: (s) => ({ flockId: s.flockId }) }],
  },
  "GET /api/money/export": {
    access: "keeper-list",
    minRole: "keeper",
    strangerSees: { why: "the caller's own (empty) CSV", check: (a) => headerOnly(a.text) },
    variants: [{ query: (s) => ({ flockId: s.flockId }) }],
  },
  "GET /api/disease-alerts/active": { access: "keeper-list", minRole: "helper" },
  "GET /api/health-predictions/recent": { access: "keeper-list", minRole: "helper" },
  "POST /api/health-predictions/generate": {
    access: "keeper",
    minRole: "keeper",
    stranger: { status: 201, why: "predicts for the caller's own birds" },
  },

  // ------------------------------------------------------------------ weather place
  "GET /api/weather/place": {
    access: "keeper-list",
    minRole: "helper",
    strangerSees: { why: "the caller has no saved place", check: (a) => obj(a).place === null },
  },
  "PUT /api/weather/place": {
    access: "keeper",
    minRole: "keeper",
    payload: () => ({ name: "Probe town", latitude: 10, longitude: 10 }),
    stranger: { status: 200, why: "saves the caller's own place" },
  },
  "DELETE /api/weather/place": {
    access: "keeper",
    minRole: "keeper",
    stranger: { status: 204, why: "forgets the caller's own place" },
  },

  // ------------------------------------------------------------------ account
  "GET /api/account/settings": {
    access: "keeper-list",
    minRole: "helper",
    strangerSees: {
      why: "the caller's own (default) settings",
      check: (a) => obj(a).eggPrice === null && obj(a).weatherPlace === null,
    },
  },
  "PATCH /api/account/settings": {
    access: "keeper",
    minRole: "helper",
    payload: () => ({ weightUnit: "kg" }),
    stranger: { status: 200, why: "changes the caller's own settings" },
  },
  "GET /api/account/sessions": {
    access: "keeper-list",
    minRole: "helper",
    strangerSees: {
      why: "the caller's own single session",
      check: (a) => Array.isArray(a.body) && a.body.length === 1,
    },
  },
  "POST /api/account/sessions/sign-out-everywhere": {
    access: "keeper",
    minRole: "helper",
    stranger: { status: 200, why: "ends the caller's own sessions" },
  },
  "GET /api/account/export": {
    access: "keeper-list",
    minRole: "owner",
    strangerSees: {
      why: "the caller's own (empty) account",
      check: (a, caller) => {
        const doc = obj(a) as { account?: { id?: string }; tables?: Record<string, unknown[]> };
        return (
          doc.account?.id === caller?.user.id && Object.values(doc.tables ?? {}).every(emptyArray)
        );
      },
    },
  },
  "GET /api/account/export.zip": {
    access: "keeper-list",
    minRole: "owner",
    decode: unzipText,
    strangerSees: {
      why: "the caller's own (empty) CSV files",
      check: (a) => a.text.split("\u0000").every(headerOnly),
    },
  },
  "POST /api/account/import": {
    access: "keeper",
    minRole: "owner",
    payload: (s) => s.exportDoc,
    stranger: {
      status: 200,
      why: "copies the file into the caller's own (empty) account with new ids",
    },
  },
  "DELETE /api/account": {
    access: "keeper",
    minRole: "helper",
    payload: (s) => ({ confirmEmail: s.owner.user.email }),
    stranger: { status: 400, why: "deletes only the caller's account, confirmed by their email" },
  },

  // ------------------------------------------------------------------ farms (issue 18)
  "GET /api/farms": {
    access: "keeper-list",
    minRole: "helper",
    strangerSees: {
      why: "their own farm only",
      check: (a) => Array.isArray(obj(a).farms) && (obj(a).farms as unknown[]).length === 1,
    },
  },
  "POST /api/farms": {
    access: "keeper",
    minRole: "helper",
    payload: () => ({ name: "Probe farm" }),
    stranger: { status: 201, why: "makes a new farm of the caller's own, with them its owner" },
  },
  "PUT /api/farms/current": {
    access: "keeper",
    minRole: "helper",
    payload: (s) => ({ farmId: s.farmId }),
  },
  "PATCH /api/farms/:id": {
    access: "keeper",
    minRole: "owner",
    params: id("farmId"),
    payload: () => ({ name: "Stolen farm" }),
  },
  "DELETE /api/farms/:id": { access: "keeper", minRole: "owner", params: id("farmId") },
  "GET /api/farms/:id/members": { access: "keeper", minRole: "helper", params: id("farmId") },
  "PATCH /api/farms/:id/members/:userId": {
    access: "keeper",
    minRole: "owner",
    params: (s) => ({ id: s.farmId, userId: s.owner.user.id }),
    payload: () => ({ role: "helper" }),
  },
  "DELETE /api/farms/:id/members/:userId": {
    access: "keeper",
    minRole: "owner",
    params: (s) => ({ id: s.farmId, userId: s.owner.user.id }),
  },
  "GET /api/farms/:id/invitations": { access: "keeper", minRole: "owner", params: id("farmId") },
  "POST /api/farms/:id/invitations": {
    access: "keeper",
    minRole: "owner",
    params: id("farmId"),
    payload: () => ({ role: "owner" }),
  },
  "DELETE /api/farms/:id/invitations/:token": {
    access: "keeper",
    minRole: "owner",
    params: (s) => ({ id: s.farmId, token: s.invitationId }),
  },
  "GET /api/invitations/:token": {
    access: "public",
    why: "what an invitation link offers, before signing in: the token is the key, and an unknown one is 404",
    probe: { params: () => ({ token: "A".repeat(43) }), status: 404 },
  },
  "POST /api/invitations/:token/accept": {
    access: "keeper",
    minRole: "helper",
    params: () => ({ token: "B".repeat(43) }),
  },

  // ------------------------------------------------------------------ admin
  "POST /api/admin/login": {
    access: "optional-user",
    why: "the admin gate: a keeper not listed in ADMIN_EMAILS is refused",
    payload: () => ({}),
    signedOut: 401,
    stranger: 401,
  },
  "POST /api/admin/logout": {
    access: "optional-user",
    why: "ends only the caller's admin session",
    signedOut: 204,
    stranger: 204,
  },
  "GET /api/admin/session": {
    access: "optional-user",
    why: "tells the caller whether they are an admin",
    signedOut: 200,
    stranger: 200,
    strangerSees: {
      why: "not an admin",
      check: (a) => obj(a).isAdmin === false && obj(a).email === null,
    },
  },
  "GET /api/admin/analytics": { access: "admin" },
  "GET /api/admin/newsletter-subscribers": { access: "admin" },
  "GET /api/admin/newsletter-subscribers.csv": { access: "admin" },
  "GET /api/admin/advertisements": { access: "admin" },
  "POST /api/admin/advertisements": { access: "admin", payload: validAd },
  "POST /api/admin/images": { access: "admin", payload: (s) => ({ image: s.probeImage }) },
  "PATCH /api/admin/advertisements/:id": {
    access: "admin",
    params: id("adId"),
    payload: () => ({ isActive: 0 }),
  },
  "DELETE /api/admin/advertisements/:id": { access: "admin", params: id("adId") },
  "GET /api/admin/affiliates": { access: "admin" },
  "POST /api/admin/affiliates": { access: "admin", payload: validPartner },
  "GET /api/admin/affiliates/performance": { access: "admin" },
  "POST /api/admin/affiliates/examples": { access: "admin" },
  "PATCH /api/admin/affiliates/:id": {
    access: "admin",
    params: id("partnerId"),
    payload: () => ({ isActive: false }),
  },
  "PUT /api/admin/affiliates/:id/application": {
    access: "admin",
    params: id("partnerId"),
    payload: () => ({ status: "approved" }),
  },
  "DELETE /api/admin/affiliates/:id": { access: "admin", params: id("partnerId") },
};

/**
 * The text of every file in a ZIP (deflated or stored), joined by NUL characters, read through
 * the central directory so entries written with data descriptors work too.
 */
export function unzipText(zip: Buffer): string {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error("not a zip file");
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(p + 10);
    const size = zip.readUInt32LE(p + 20);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    out.push((method === 8 ? inflateRawSync(data) : data).toString("utf8"));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out.join("\u0000");
}
