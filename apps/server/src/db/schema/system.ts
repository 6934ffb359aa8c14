import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/** Secrets generated on first start (cookie keys, signing keys) so every instance shares them. */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: jsonb("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Storage for the built-in OpenID provider (interactions, codes, grants, sessions). */
export const oidcPayloads = pgTable(
  "oidc_payloads",
  {
    id: text("id").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    grantId: text("grant_id"),
    userCode: text("user_code"),
    uid: text("uid"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.id] }),
    index("oidc_payloads_grant_idx").on(t.grantId),
    index("oidc_payloads_uid_idx").on(t.uid),
  ],
);

/**
 * Accounts of the built-in provider. The id (the OpenID `sub`) is derived from the email, so the
 * same person keeps the same keeper record. `password_hash` is null only for accounts made before
 * passwords existed: those can be opened again only by the operator command (reset-password).
 */
export const builtinAccounts = pgTable("builtin_accounts", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  /** `$argon2id$v=19$m=…,t=…,p=…$salt$hash`, or `scrypt$N$r$p$salt$hash` from before argon2id (see auth/passwords.ts). */
  passwordHash: text("password_hash"),
  /** Set only by the operator command: a self-registered email is not vouched for. */
  emailVerified: boolean("email_verified").notNull().default(false),
  passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes of a built-in account; only a SHA-256 of each is kept. */
export const builtinRecoveryCodes = pgTable(
  "builtin_recovery_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => builtinAccounts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("builtin_recovery_codes_account_idx").on(t.accountId)],
);

/** WebAuthn credentials (passkeys) of a built-in account. */
export const builtinPasskeys = pgTable(
  "builtin_passkeys",
  {
    /** The credential id, base64url. */
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => builtinAccounts.id, { onDelete: "cascade" }),
    /** COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("builtin_passkeys_account_idx").on(t.accountId)],
);

/**
 * WebAuthn challenges waiting for an answer, in the database so the answer may reach another
 * instance; each is taken (deleted) when used, so a replayed assertion finds nothing.
 */
export const webauthnChallenges = pgTable("webauthn_challenges", {
  challenge: text("challenge").primaryKey(),
  /** register, signin or reauth. */
  purpose: text("purpose").notNull(),
  /** The account a registration or re-authentication is for; null for a passkey sign-in. */
  accountId: text("account_id"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * Failed sign-in attempts per account and per client address, in the database so the limit
 * holds across restarts and instances.
 */
export const authFailures = pgTable("auth_failures", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
  lastFailedAt: timestamp("last_failed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Request-rate counters (lib/counters.ts) when the app runs on PostgreSQL without Redis: one row
 * per limited key and window, so every instance sharing the database counts against one total.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);

/**
 * Answers to writes sent with an `Idempotency-Key` header (plugins/idempotency.ts): a phone that
 * sends a queued change again (the connection dropped before the answer came) gets the first
 * answer back instead of making a second record. Kept 7 days; a key belongs to one keeper.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    key: text("key").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Method, path and body the key was first used with: another request under it is refused. */
    fingerprint: text("fingerprint").notNull(),
    /** Null while the first request is still being answered. */
    statusCode: integer("status_code"),
    contentType: text("content_type"),
    body: text("body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("idempotency_keys_created_idx").on(t.createdAt)],
);
