import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { eq, lt } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AppConfig } from "../config";
import type { Database } from "../db/client";
import { adminSessions } from "../db/schema/index";
import { AppError, forbidden, unauthorized } from "../lib/errors";

export const ADMIN_COOKIE = "fk_admin";
/** Admin sessions are short: a working day, then the gate asks again. */
export const ADMIN_SESSION_MS = 12 * 60 * 60 * 1000;

const scryptAsync = promisify(scrypt) as (pw: string, salt: Buffer, len: number) => Promise<Buffer>;
const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export type AdminIdentity = {
  via: "password" | "email";
  email: string | null;
  expiresAt: Date | null;
};

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `requireAdmin`. */
    admin: AdminIdentity | null;
  }
  interface FastifyInstance {
    /** preHandler: admin session cookie, or a signed-in keeper listed in ADMIN_EMAILS; else 401/403. */
    requireAdmin: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    adminGate: AdminGate;
  }
}

/** One line for the start-up banner when admin access is not configured; null when it is. */
export function adminConfigHint(
  config: Pick<AppConfig, "adminPassword" | "adminEmails">,
): string | null {
  if (config.adminPassword || config.adminEmails.length > 0) return null;
  return "Admin panel locked: set ADMIN_PASSWORD=<a long secret> or ADMIN_EMAILS=you@example.com and restart to open /admin.";
}

/**
 * The admin gate: the password is kept only as a salted scrypt hash in memory and compared in
 * constant time; sessions live in the database (hashed token) so every instance accepts them.
 */
export class AdminGate {
  private readonly salt = randomBytes(16);
  private readonly passwordHash: Promise<Buffer> | null;
  private readonly emails: Set<string>;

  constructor(
    private readonly db: Database,
    config: Pick<AppConfig, "adminPassword" | "adminEmails">,
  ) {
    this.passwordHash = config.adminPassword
      ? scryptAsync(config.adminPassword, this.salt, 32)
      : null;
    this.emails = new Set(config.adminEmails.map((e) => e.toLowerCase()));
  }

  get passwordEnabled(): boolean {
    return this.passwordHash !== null;
  }
  get configured(): boolean {
    return this.passwordHash !== null || this.emails.size > 0;
  }
  /**
   * An admin by email: the email is in ADMIN_EMAILS and the identity provider vouches for it
   * (`email_verified`); a self-registered built-in account is never vouched for.
   */
  isAdminUser(user: { email: string | null; emailVerified: boolean } | null | undefined): boolean {
    return (
      Boolean(user?.email && user.emailVerified) && this.emails.has(user!.email!.toLowerCase())
    );
  }

  /** Constant-time check of a typed password; always does the same work, even when none is set. */
  async checkPassword(candidate: string): Promise<boolean> {
    const typed = await scryptAsync(candidate, this.salt, 32);
    const expected = this.passwordHash ? await this.passwordHash : randomBytes(32);
    return timingSafeEqual(typed, expected) && this.passwordHash !== null;
  }

  async createSession(via: AdminIdentity["via"], userId: string | null) {
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(Date.now() + ADMIN_SESSION_MS);
    // Housekeeping: expired admin sessions go whenever a new one starts.
    await this.db.delete(adminSessions).where(lt(adminSessions.expiresAt, new Date()));
    await this.db.insert(adminSessions).values({ id: hashToken(token), via, userId, expiresAt });
    return { token, expiresAt };
  }

  async resolveSession(
    token: string | undefined,
  ): Promise<{ via: AdminIdentity["via"]; expiresAt: Date } | null> {
    if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const id = hashToken(token);
    const [row] = await this.db.select().from(adminSessions).where(eq(adminSessions.id, id));
    if (!row) return null;
    if (row.expiresAt.getTime() <= Date.now()) {
      await this.db.delete(adminSessions).where(eq(adminSessions.id, id));
      return null;
    }
    return { via: row.via === "email" ? "email" : "password", expiresAt: row.expiresAt };
  }

  async deleteSession(token: string | undefined): Promise<void> {
    if (token) await this.db.delete(adminSessions).where(eq(adminSessions.id, hashToken(token)));
  }
}

/** Admin gate attempts allowed per client address and window (lib/counters.ts counts them). */
export const ADMIN_ATTEMPTS = { max: 5, windowMs: 60_000 };

export const tooManyAttempts = () =>
  new AppError(429, "TOO_MANY_ATTEMPTS", "Too many attempts. Please wait a minute and try again.");

/** Admin sessions and the `requireAdmin` preHandler. Register after the auth plugin. */
export default fp(async function adminAuthPlugin(
  app: FastifyInstance,
  opts: { config: AppConfig },
) {
  const gate = new AdminGate(app.db, opts.config);
  app.decorate("adminGate", gate);
  app.decorateRequest("admin", null);

  app.decorate("requireAdmin", async (req: FastifyRequest, reply: FastifyReply) => {
    const session = await gate.resolveSession(req.cookies[ADMIN_COOKIE]);
    if (session) {
      req.admin = { via: session.via, email: null, expiresAt: session.expiresAt };
      return;
    }
    await app.optionalUser(req, reply);
    if (req.user && gate.isAdminUser(req.user)) {
      req.admin = { via: "email", email: req.user.email, expiresAt: null };
      return;
    }
    if (req.user) throw forbidden("Admin access only");
    throw unauthorized();
  });
});
