import type { FastifyRequest } from "fastify";
import { desc, eq } from "drizzle-orm";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { AccountSecurity } from "@flockkeeper/shared/schemas/auth";
import { describeDevice } from "@flockkeeper/shared/domain/device";
import type { Database } from "../../db/client";
import { signInEvents } from "../../db/schema/index";
import {
  countRecoveryCodes,
  isCurrentPassword,
  regenerateRecoveryCodes,
  setPassword,
  type LocalAccount,
} from "../../auth/local-accounts";
import {
  addPasskey as storePasskey,
  authenticationOptions,
  deletePasskey,
  listPasskeys,
  registrationOptions,
  verifyPasskey,
  type RelyingPartyId,
} from "../../auth/passkeys";
import { passwordProblem } from "../../auth/passwords";
import { markReauthenticated, type SessionUser } from "../../auth/session-store";
import {
  clearAccountFailures,
  recordFailure,
  sleep,
  throttleState,
} from "../../auth/sign-in-throttle";

const SIGN_INS_SHOWN = 20;

/** What the Account page shows about how this keeper signs in. */
export async function describe(
  db: Database,
  user: SessionUser,
  account: LocalAccount | null,
  recentAuthUntil: string,
): Promise<AccountSecurity> {
  const signIns = await db
    .select()
    .from(signInEvents)
    .where(eq(signInEvents.userId, user.id))
    .orderBy(desc(signInEvents.createdAt))
    .limit(SIGN_INS_SHOWN);
  const passkeys = account ? await listPasskeys(db, account.id) : [];
  return {
    kind: account ? "local" : "external",
    emailVerified: user.emailVerified,
    passkeys: passkeys.map((p) => ({
      id: p.id,
      name: p.name,
      createdAt: p.createdAt.toISOString(),
      lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
    })),
    recoveryCodesLeft: account ? await countRecoveryCodes(db, account.id) : null,
    recentAuthUntil,
    signIns: signIns.map((s) => ({
      at: s.createdAt.toISOString(),
      method: s.method,
      userAgent: s.userAgent,
      address: s.ipAddress,
    })),
  };
}

type PasswordOutcome =
  { kind: "ok"; at: Date } | { kind: "wrong" } | { kind: "throttled"; retryAfterS: number };

/** Checks the password under the same failure limits as the sign-in page. */
async function checkCurrent(
  db: Database,
  req: FastifyRequest,
  account: LocalAccount,
  password: string,
): Promise<PasswordOutcome> {
  const keys = { account: account.email, client: req.ip };
  const state = await throttleState(db, keys);
  if (state.refused) return { kind: "throttled", retryAfterS: state.retryAfterS };
  if (state.delayMs) await sleep(state.delayMs);
  if (!(await isCurrentPassword(account, password))) {
    await recordFailure(db, keys);
    return { kind: "wrong" };
  }
  await clearAccountFailures(db, account.email);
  return { kind: "ok", at: new Date() };
}

/** Re-authentication with the password: marks the session as recently proven. */
export async function reauthWithPassword(
  db: Database,
  req: FastifyRequest,
  account: LocalAccount,
  password: string,
): Promise<PasswordOutcome> {
  const outcome = await checkCurrent(db, req, account, password);
  if (outcome.kind !== "ok") return outcome;
  return { kind: "ok", at: await markReauthenticated(db, req.session!.sessionId) };
}

export function reauthPasskeyOptions(db: Database, party: RelyingPartyId, account: LocalAccount) {
  return authenticationOptions(db, party, account);
}

/** Re-authentication with one of the account's passkeys; the time, or null when refused. */
export async function reauthWithPasskey(
  db: Database,
  party: RelyingPartyId,
  req: FastifyRequest,
  account: LocalAccount,
  response: AuthenticationResponseJSON,
): Promise<Date | null> {
  const ok = await verifyPasskey(db, party, response, account);
  if (!ok) return null;
  return markReauthenticated(db, req.session!.sessionId);
}

/**
 * Changes the password: the current one must be right and the new one acceptable. Every other
 * session of the keeper ends.
 */
export async function changePassword(
  db: Database,
  req: FastifyRequest,
  account: LocalAccount,
  body: { currentPassword: string; newPassword: string },
): Promise<PasswordOutcome | { kind: "refused"; message: string }> {
  const outcome = await checkCurrent(db, req, account, body.currentPassword);
  if (outcome.kind !== "ok") return outcome;
  const problem = passwordProblem(body.newPassword, account.email);
  if (problem) return { kind: "refused", message: problem };
  await setPassword(db, account, body.newPassword, req.session!.sessionId);
  return outcome;
}

export function newCodes(db: Database, account: LocalAccount) {
  return regenerateRecoveryCodes(db, account.id);
}

export function passkeyRegistrationOptions(
  db: Database,
  party: RelyingPartyId,
  account: LocalAccount,
) {
  return registrationOptions(db, party, account);
}

/** Adds a verified passkey; its public listing entry, or null when the answer did not check out. */
export async function addPasskey(
  db: Database,
  party: RelyingPartyId,
  account: LocalAccount,
  response: RegistrationResponseJSON,
  name: string,
) {
  const row = await storePasskey(db, party, account, response, name);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: null,
  };
}

export function removePasskey(db: Database, account: LocalAccount, id: string) {
  return deletePasskey(db, account.id, id);
}

/** "Passkey (Chrome on Android)" when the keeper does not name it. */
export const defaultPasskeyName = (userAgent: string | undefined) => {
  const device = describeDevice(userAgent);
  return device ? `Passkey (${device})` : "Passkey";
};
