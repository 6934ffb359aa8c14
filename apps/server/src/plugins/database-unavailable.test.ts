import net from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { buildKeeper, type TestUser } from "../test/factories";
import { sendOriginByDefault } from "../test/helpers";

/**
 * A TCP relay in front of the test PostgreSQL: `cut()` drops every connection through it and
 * refuses new ones (the database gone or unreachable), `restore()` lets them through again.
 */
class Relay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("close", () => this.sockets.delete(s));
        s.on("error", () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  restore(): Promise<void> {
    return this.start();
  }
}

async function until(ms: number, check: () => Promise<boolean> | boolean): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)("the database dropped or unreachable", () => {
  let relay: Relay;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let keeper: TestUser;

  beforeAll(async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    relay = new Relay({ host: url.hostname, port: Number(url.port || 5432) });
    await relay.start();
    url.hostname = "127.0.0.1";
    url.port = String(relay.port);
    database = await openDatabase({ url: url.toString(), dataDir: "" });
    const config = loadConfig({ LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:3000" });
    app = await buildApp({
      config: { ...config, webDist: "/nonexistent" },
      database,
      logger: false,
    });
    await app.ready();
    sendOriginByDefault(app, config.publicUrl);
    keeper = await buildKeeper({ app, db: database.db });
  });

  afterAll(async () => {
    await relay.cut();
    await app.close();
    await database.close();
  });

  it("answers 503 with Retry-After and a clear message, never 500, and recovers", async () => {
    expect((await keeper.inject({ url: "/api/chickens" })).statusCode).toBe(200);
    expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);

    await relay.cut();
    // The session cache stops answering once its invalidation connection is gone: a notice
    // could be missed meanwhile.
    await until(2000, () => !database.invalidation.live);
    for (const req of [
      { method: "GET" as const, url: "/api/chickens" },
      { method: "GET" as const, url: "/api/auth/user" },
      { method: "POST" as const, url: "/api/chickens", payload: { name: "Hen", breed: "Sussex" } },
      { method: "POST" as const, url: "/api/logout" },
    ]) {
      const res = await keeper.inject(req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.json()).toEqual({
        statusCode: 503,
        code: "DATABASE_UNAVAILABLE",
        message: "The database is not answering right now. Please try again in a moment.",
      });
      // An outage is not a sign-out: the cookie stays.
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    const health = await app.inject({ url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.headers["retry-after"]).toBe("5");
    expect(health.json()).toEqual({ status: "unavailable" });

    await relay.restore();
    await until(10_000, async () => (await app.inject({ url: "/api/health" })).statusCode === 200);
    expect((await keeper.inject({ url: "/api/chickens" })).statusCode).toBe(200);
    await until(10_000, () => database.invalidation.live);
  });
});
