import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type * as SimpleWebAuthn from "@simplewebauthn/server";
import { and, desc, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { builtinPasskeys, webauthnChallenges } from "../db/schema/index";
import { findAccountById, type LocalAccount } from "./local-accounts";

const CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * @simplewebauthn/server loaded on the first passkey request, not at start-up: it costs about a
 * third of a second of CPU to load, and most starts never see a passkey (issue 17 item 9).
 */
let webauthn: Promise<typeof SimpleWebAuthn> | undefined;
const loadWebauthn = () => (webauthn ??= import("@simplewebauthn/server"));

export type RelyingPartyId = { rpID: string; origin: string; rpName: string };

/** The WebAuthn relying party is our public URL: its host name and its origin. */
export const webauthnParty = (publicUrl: string): RelyingPartyId => {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: "FlockKeeper" };
};

type Purpose = "register" | "signin" | "reauth";

async function keepChallenge(
  db: Database,
  challenge: string,
  purpose: Purpose,
  accountId: string | null,
) {
  // Old challenges go as new ones come: no scheduler needed.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    accountId,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
}

/** Takes a challenge we issued for this purpose (and account); each can be used once. */
function takeChallenge(db: Database, purpose: Purpose, accountId: string | null) {
  return async (challenge: string) => {
    const taken = await db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.purpose, purpose),
          gt(webauthnChallenges.expiresAt, new Date()),
        ),
      )
      .returning();
    return taken.length === 1 && (accountId === null || taken[0]!.accountId === accountId);
  };
}

export async function listPasskeys(db: Database, accountId: string) {
  return db
    .select()
    .from(builtinPasskeys)
    .where(eq(builtinPasskeys.accountId, accountId))
    .orderBy(desc(builtinPasskeys.createdAt));
}

/** Options for adding a passkey to a signed-in keeper's account. */
export async function registrationOptions(
  db: Database,
  party: RelyingPartyId,
  account: LocalAccount,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listPasskeys(db, account.id);
  const options = await (
    await loadWebauthn()
  ).generateRegistrationOptions({
    rpName: party.rpName,
    rpID: party.rpID,
    userName: account.email,
    userDisplayName: account.name,
    userID: new TextEncoder().encode(account.id),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await keepChallenge(db, options.challenge, "register", account.id);
  return options;
}

/** Verifies a new passkey and stores it; false when the answer does not check out. */
export async function addPasskey(
  db: Database,
  party: RelyingPartyId,
  account: LocalAccount,
  response: RegistrationResponseJSON,
  name: string,
): Promise<typeof builtinPasskeys.$inferSelect | null> {
  let verified;
  try {
    verified = await (
      await loadWebauthn()
    ).verifyRegistrationResponse({
      response,
      expectedChallenge: takeChallenge(db, "register", account.id),
      expectedOrigin: party.origin,
      expectedRPID: party.rpID,
      requireUserVerification: false,
    });
  } catch {
    return null;
  }
  if (!verified.verified) return null;
  const { credential } = verified.registrationInfo;
  const [row] = await db
    .insert(builtinPasskeys)
    .values({
      id: credential.id,
      accountId: account.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * Options for signing in (any passkey of this site: the authenticator offers its own) or for
 * re-authenticating a known account (only its passkeys).
 */
export async function authenticationOptions(
  db: Database,
  party: RelyingPartyId,
  account: LocalAccount | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allow = account ? await listPasskeys(db, account.id) : [];
  const options = await (
    await loadWebauthn()
  ).generateAuthenticationOptions({
    rpID: party.rpID,
    userVerification: "preferred",
    allowCredentials: allow.map((p) => ({ id: p.id, transports: p.transports })),
  });
  await keepChallenge(db, options.challenge, account ? "reauth" : "signin", account?.id ?? null);
  return options;
}

/**
 * Checks a passkey assertion: the challenge must be ours and unused, the signature valid and
 * the signature counter moving forward. Returns the account it belongs to, or null.
 */
export async function verifyPasskey(
  db: Database,
  party: RelyingPartyId,
  response: AuthenticationResponseJSON,
  account: LocalAccount | null,
): Promise<LocalAccount | null> {
  const [passkey] = await db
    .select()
    .from(builtinPasskeys)
    .where(eq(builtinPasskeys.id, String(response.id)));
  if (!passkey || (account && passkey.accountId !== account.id)) return null;
  let verified;
  try {
    verified = await (
      await loadWebauthn()
    ).verifyAuthenticationResponse({
      response,
      expectedChallenge: takeChallenge(db, account ? "reauth" : "signin", account?.id ?? null),
      expectedOrigin: party.origin,
      expectedRPID: party.rpID,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: false,
    });
  } catch {
    return null;
  }
  if (!verified.verified) return null;
  await db
    .update(builtinPasskeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(builtinPasskeys.id, passkey.id));
  return account ?? findAccountById(db, passkey.accountId);
}

export async function deletePasskey(db: Database, accountId: string, id: string) {
  const gone = await db
    .delete(builtinPasskeys)
    .where(and(eq(builtinPasskeys.id, id), eq(builtinPasskeys.accountId, accountId)))
    .returning({ id: builtinPasskeys.id });
  return gone.length > 0;
}
