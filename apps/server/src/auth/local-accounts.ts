import { createHash } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../db/client";
import { builtinAccounts, builtinRecoveryCodes, sessions, users } from "../db/schema/index";
import { evictSessions } from "./session-store";
import {
  hashPassword,
  hashRecoveryCode,
  needsRehash,
  newRecoveryCodes,
  verifyAgainstDummy,
  verifyPassword,
} from "./passwords";

export type LocalAccount = typeof builtinAccounts.$inferSelect;

/** Stable account id for an email, so the same person gets the same `sub` every time. */
export const accountIdFor = (email: string) =>
  createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);

export const normalEmail = (email: string) => email.trim().toLowerCase();

export async function findAccountByEmail(
  db: Database,
  email: string,
): Promise<LocalAccount | null> {
  const [row] = await db
    .select()
    .from(builtinAccounts)
    .where(eq(builtinAccounts.email, normalEmail(email)));
  return row ?? null;
}

export async function findAccountById(db: Database, id: string): Promise<LocalAccount | null> {
  const [row] = await db.select().from(builtinAccounts).where(eq(builtinAccounts.id, id));
  return row ?? null;
}

/**
 * Creates an account with a password and ten recovery codes. Returns null when the email already
 * has an account: it is never overwritten (no takeover by signing up again).
 */
export async function createAccount(
  db: Database,
  input: { name: string; email: string; password: string; emailVerified?: boolean },
): Promise<{ account: LocalAccount; recoveryCodes: string[] } | null> {
  const email = normalEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const { codes, hashes } = newRecoveryCodes();
  return db.transaction(async (tx) => {
    const [account] = await tx
      .insert(builtinAccounts)
      .values({
        id: accountIdFor(email),
        email,
        name: input.name.trim(),
        passwordHash,
        emailVerified: input.emailVerified ?? false,
        passwordChangedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning();
    if (!account) return null;
    await tx
      .insert(builtinRecoveryCodes)
      .values(hashes.map((codeHash) => ({ codeHash, accountId: account.id })));
    return { account, recoveryCodes: codes };
  });
}

/**
 * The account for an email and password, or null. An unknown email costs the same hashing work
 * as a wrong password, so the answer time does not tell whether an account exists.
 */
export async function checkPassword(
  db: Database,
  email: string,
  password: string,
): Promise<LocalAccount | null> {
  const account = await findAccountByEmail(db, email);
  if (!account?.passwordHash) {
    await verifyAgainstDummy(password);
    return null;
  }
  if (!(await verifyPassword(password, account.passwordHash))) return null;
  if (needsRehash(account.passwordHash)) return rehash(db, account, password);
  return account;
}

/**
 * Replaces an older hash (scrypt, or argon2id with other parameters) by one made today, now that
 * the password is known. Only if the hash is still the one just checked: a password changed in
 * the meantime is never overwritten. Sign-in goes on with the old hash if this fails.
 */
async function rehash(db: Database, account: LocalAccount, password: string) {
  try {
    const passwordHash = await hashPassword(password);
    const [updated] = await db
      .update(builtinAccounts)
      .set({ passwordHash })
      .where(
        and(
          eq(builtinAccounts.id, account.id),
          eq(builtinAccounts.passwordHash, account.passwordHash!),
        ),
      )
      .returning();
    return updated ?? account;
  } catch {
    return account;
  }
}

/** Whether `password` is the account's current password (constant-time compare). */
export async function isCurrentPassword(account: LocalAccount, password: string) {
  if (!account.passwordHash) {
    await verifyAgainstDummy(password);
    return false;
  }
  return verifyPassword(password, account.passwordHash);
}

/**
 * Sets a new password. Every session of the keeper except `keepSessionId` ends: whoever knew
 * the old password is signed out everywhere.
 */
export async function setPassword(
  db: Database,
  account: LocalAccount,
  password: string,
  keepSessionId: string | null = null,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db
    .update(builtinAccounts)
    .set({ passwordHash, passwordChangedAt: new Date() })
    .where(eq(builtinAccounts.id, account.id));
  await endSessionsOfAccount(db, account, keepSessionId);
}

async function endSessionsOfAccount(
  db: Database,
  account: LocalAccount,
  keepSessionId: string | null,
) {
  const keepers = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.subject, account.id));
  for (const { id } of keepers) {
    await db
      .delete(sessions)
      .where(
        keepSessionId
          ? and(eq(sessions.userId, id), ne(sessions.id, keepSessionId))
          : eq(sessions.userId, id),
      );
    await evictSessions(db, { userId: id });
  }
}

/** Replaces all recovery codes of an account; the new codes are shown once and never stored. */
export async function regenerateRecoveryCodes(db: Database, accountId: string): Promise<string[]> {
  const { codes, hashes } = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await tx.delete(builtinRecoveryCodes).where(eq(builtinRecoveryCodes.accountId, accountId));
    await tx
      .insert(builtinRecoveryCodes)
      .values(hashes.map((codeHash) => ({ codeHash, accountId })));
  });
  return codes;
}

export async function countRecoveryCodes(db: Database, accountId: string): Promise<number> {
  const rows = await db
    .select({ codeHash: builtinRecoveryCodes.codeHash })
    .from(builtinRecoveryCodes)
    .where(eq(builtinRecoveryCodes.accountId, accountId));
  return rows.length;
}

/** Takes (deletes) one recovery code of the account; the account if it was valid, else null. */
export async function useRecoveryCode(
  db: Database,
  email: string,
  code: string,
): Promise<LocalAccount | null> {
  const account = await findAccountByEmail(db, email);
  if (!account) return null;
  const taken = await db
    .delete(builtinRecoveryCodes)
    .where(
      and(
        eq(builtinRecoveryCodes.accountId, account.id),
        eq(builtinRecoveryCodes.codeHash, hashRecoveryCode(code)),
      ),
    )
    .returning({ codeHash: builtinRecoveryCodes.codeHash });
  return taken.length ? account : null;
}

/** Marks an account's email as vouched for by the operator (and its keeper records). */
export async function markVerified(db: Database, account: LocalAccount): Promise<void> {
  await db
    .update(builtinAccounts)
    .set({ emailVerified: true })
    .where(eq(builtinAccounts.id, account.id));
  await db
    .update(users)
    .set({ emailVerified: true })
    .where(and(eq(users.subject, account.id), eq(users.email, account.email)));
  const keepers = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.subject, account.id));
  for (const { id } of keepers) await evictSessions(db, { userId: id });
}

/** The built-in account behind a keeper, when they signed in with the built-in provider. */
export async function accountOfUser(
  db: Database,
  user: { issuer: string; subject: string },
  builtinIssuer: string | null,
): Promise<LocalAccount | null> {
  if (!builtinIssuer || user.issuer !== builtinIssuer) return null;
  return findAccountById(db, user.subject);
}
