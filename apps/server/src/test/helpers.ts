import { randomUUID } from "node:crypto";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { buildApp, type BuildOptions } from "../app";
import { loadConfig, type AppConfig } from "../config";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { buildKeeper } from "./factories";

export type TestApp = {
  app: FastifyInstance;
  db: DatabaseHandle["db"];
  /** The database handle, for a second app instance on the same database. */
  database: DatabaseHandle;
  config: AppConfig;
  close: () => Promise<void>;
};

/**
 * An app on a fresh in-memory PGlite, or on PostgreSQL when TEST_DATABASE_URL is set
 * (CI runs the API suite both ways). Each test makes its own users, so files never collide.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  {
    onRoute,
    // Test files run side by side on one PostgreSQL (or Redis): each app counts its request
    // limits apart unless a test gives two apps the same namespace to show they share a total.
    rateLimitNamespace = `test-${randomUUID().slice(0, 8)}:`,
    rateLimitScale,
    databaseUrl = process.env.TEST_DATABASE_URL,
  }: Pick<BuildOptions, "onRoute" | "rateLimitNamespace" | "rateLimitScale"> & {
    /** A database of the test's own (PostgreSQL) instead of the run's. */
    databaseUrl?: string;
  } = {},
): Promise<TestApp> {
  // The read cache is off unless a test asks for it, or the whole run does (TEST_READ_CACHE=true:
  // CI's PostgreSQL pass `npm run test:api:pg`, and `npm run test:api:cache`; the API suite as
  // `npm start` serves it). A test that changes records straight in the database after reading
  // them through the API (the app never writes outside a keeper's request) edits through the API
  // instead, or passes READ_CACHE: "false".
  const config = loadConfig({
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    READ_CACHE: process.env.TEST_READ_CACHE === "true" ? "true" : "false",
    // The push schedule runs only where a test asks (it writes rows on its own every minute).
    PUSH_SENDER: "false",
    ...env,
  });
  const database = await openDatabase({
    url: databaseUrl ?? "memory://",
    dataDir: "",
    // A migrated dump written once per run by global-setup.ts (null on PostgreSQL).
    template: process.env.FK_TEST_PGLITE_TEMPLATE ?? null,
  });
  const app = await buildApp({
    config: { ...config, webDist: "/nonexistent" },
    database,
    logger: false,
    onRoute,
    rateLimitNamespace,
    rateLimitScale,
  });
  await app.ready();
  sendOriginByDefault(app, config.publicUrl);
  return {
    app,
    db: database.db,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Makes `app.inject` send `Origin: <PUBLIC_URL>` with cookies unless the test sets its own, as a
 * browser does on every POST, PUT, PATCH and DELETE from our pages: the server refuses
 * cookie-carrying state changes without it. A test that wants no Origin at all passes `headers: { origin: undefined }`.
 */
export function sendOriginByDefault(app: FastifyInstance, publicUrl: string): void {
  const origin = new URL(publicUrl).origin;
  const inject = app.inject.bind(app) as (
    opts: InjectOptions | string,
  ) => Promise<LightMyRequestResponse>;
  const withOrigin = (opts: InjectOptions | string): Promise<LightMyRequestResponse> => {
    const o: InjectOptions = typeof opts === "string" ? { url: opts } : opts;
    const headers: Record<string, unknown> = { ...(o.headers ?? {}) };
    const named = Object.keys(headers).find((k) => k.toLowerCase() === "origin");
    // Only requests with cookies, as a browser's would: the relying party's own in-process calls
    // to the built-in provider (no cookies) must stay without an Origin, as over the network.
    const hasCookies =
      Boolean(o.cookies) || Object.keys(headers).some((k) => k.toLowerCase() === "cookie");
    if (named === undefined) {
      if (hasCookies) headers.origin = origin;
    } else if (headers[named] === undefined) delete headers[named];
    return inject({ ...o, headers: headers as InjectOptions["headers"] });
  };
  (app as unknown as { inject: typeof withOrigin }).inject = withOrigin;
}

// Keepers and their records are made in ./factories.ts; `buildUser` is the name the API tests
// have always used for `buildKeeper`.
export { buildKeeper as buildUser, type TestUser } from "./factories";

/**
 * The two-user access check every keeper-data endpoint needs: a signed-out visitor gets
 * 401 and another keeper gets 404 (or, for list routes, an empty list).
 */
export async function expectPrivate(
  t: Pick<TestApp, "app" | "db">,
  request: InjectOptions,
  { list = false }: { list?: boolean } = {},
): Promise<void> {
  const signedOut = await t.app.inject(request);
  expect(signedOut.statusCode, `${request.method} ${request.url} signed out`).toBe(401);
  const stranger = await buildKeeper(t);
  const res = await stranger.inject(request);
  if (list) {
    expect(res.statusCode, `${request.method} ${request.url} as another keeper`).toBe(200);
    const body = res.json();
    expect(
      Array.isArray(body) ? body : (body.items ?? body),
      "another keeper sees nothing",
    ).toHaveLength(0);
  } else {
    expect(res.statusCode, `${request.method} ${request.url} as another keeper`).toBe(404);
  }
}

/**
 * A second app instance on the test app's database, as a second process would be: on PostgreSQL
 * with its own connections, caches and LISTEN connection; on the embedded database (one process
 * per data folder) on the same handle, so notices are delivered in-process.
 */
export async function createSecondInstance(
  t: TestApp,
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  const database = onPostgres
    ? await openDatabase({ url: process.env.TEST_DATABASE_URL!, dataDir: "" })
    : t.database;
  const app = await buildApp({
    config: { ...t.config, webDist: "/nonexistent" },
    database,
    logger: false,
  });
  await app.ready();
  sendOriginByDefault(app, t.config.publicUrl);
  return {
    app,
    close: async () => {
      await app.close();
      if (onPostgres) await database.close();
    },
  };
}
