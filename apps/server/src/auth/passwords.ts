import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { hashRaw, type Algorithm, type Version } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * New hashes: argon2id at OWASP's first choice, m=19 MiB, t=2, p=1 (bench/password.bench.ts keeps a
 * sign-in under 300 ms of CPU). @node-rs/argon2 computes in libuv's thread pool (a prebuilt
 * binary per platform, no build step), so hashing never blocks the event loop. Parameters are
 * stored with each hash (PHC string format), so raising them later keeps old hashes working.
 */
export const ARGON2_PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
// The package's enums are `const enum`s, which isolated modules cannot read: their values.
const ARGON2ID = 2 as Algorithm;
const VERSION_0x13 = 1 as Version;
const KEY_LENGTH = 32;

/**
 * Hashes made before argon2id: scrypt at N=2^16, r=8, p=1 (64 MiB), `scrypt$N$r$p$salt$hash`.
 * They are still verified, and replaced by an argon2id hash at the next successful sign-in.
 */
export const SCRYPT_PARAMS = { N: 1 << 16, r: 8, p: 1 } as const;
const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;
const maxmemFor = (N: number, r: number) => 256 * N * r;

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

// PHC strings use standard base64 without padding.
const b64 = (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, "");

/**
 * Hashes a password with argon2id and a fresh 16-byte salt, as a PHC string
 * `$argon2id$v=19$m=19456,t=2,p=1$salt$hash` (what the argon2 reference and other libraries read).
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { memoryCost, timeCost, parallelism } = ARGON2_PARAMS;
  const key = await argon2id(password, salt, KEY_LENGTH, ARGON2_PARAMS);
  return `$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$${b64(salt)}$${b64(key)}`;
}

function argon2id(
  password: string,
  salt: Buffer,
  outputLen: number,
  params: { memoryCost: number; timeCost: number; parallelism: number },
): Promise<Buffer> {
  return hashRaw(password.normalize("NFKC"), {
    ...params,
    salt,
    outputLen,
    algorithm: ARGON2ID,
    version: VERSION_0x13,
  });
}

// Bounds for stored parameters: a corrupt or hostile row must not make one check cost gigabytes.
const ARGON2_HASH =
  /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]{11,})\$([A-Za-z0-9+/]{22,})$/;

/**
 * Checks a password against a stored hash (argon2id, or an older scrypt one) in constant time;
 * false for any malformed hash.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith("$argon2id$")) {
    const m = ARGON2_HASH.exec(stored);
    if (!m) return false;
    const [memoryCost, timeCost, parallelism] = [m[1], m[2], m[3]].map(Number) as [
      number,
      number,
      number,
    ];
    if (timeCost < 1 || parallelism < 1 || memoryCost < 8 * parallelism || memoryCost > 1 << 20)
      return false;
    const salt = Buffer.from(m[4]!, "base64");
    const expected = Buffer.from(m[5]!, "base64");
    const key = await argon2id(password, salt, expected.length, {
      memoryCost,
      timeCost,
      parallelism,
    });
    return key.length === expected.length && timingSafeEqual(key, expected);
  }
  return verifyScrypt(password, stored);
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4]!, "base64url");
  const expected = Buffer.from(parts[5]!, "base64url");
  const key = await scryptAsync(password.normalize("NFKC"), salt, expected.length, {
    N,
    r,
    p,
    maxmem: maxmemFor(N, r),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * Whether a stored hash should be replaced after a successful check: any scrypt hash, and an
 * argon2id hash made with other parameters than today's.
 */
export function needsRehash(stored: string): boolean {
  const { memoryCost, timeCost, parallelism } = ARGON2_PARAMS;
  return !stored.startsWith(`$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`);
}

/** An scrypt hash in the format used before argon2id (for tests and the bench only). */
export async function hashPasswordScrypt(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = SCRYPT_PARAMS;
  const key = await scryptAsync(password.normalize("NFKC"), salt, KEY_LENGTH, {
    N,
    r,
    p,
    maxmem: maxmemFor(N, r),
  });
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

// Unknown emails are checked against this, so they take as long as a wrong password does.
let dummyHash: Promise<string> | null = null;
/** Spends the same work as a real check, for an email that has no account. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummyHash);
}

// The common-password list of zxcvbn-ts (about 49,000 passwords seen in breaches). Only entries
// long enough to pass the length rule matter.
let common: Set<string> | null = null;
const commonPasswords = () =>
  (common ??= new Set(
    (dictionary["passwords-common"] as string[])
      .filter((w) => w.length >= MIN_PASSWORD_LENGTH)
      .map((w) => w.toLowerCase()),
  ));

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Use at least ${MIN_PASSWORD_LENGTH} characters for your password`;
  if (password.length > MAX_PASSWORD_LENGTH) return "Password is too long";
  const lower = password.trim().toLowerCase();
  if (lower === email.trim().toLowerCase()) return "Your password cannot be your email address";
  if (commonPasswords().has(lower))
    return "This password is on a list of common passwords: choose another";
  return null;
}

/** Ten one-time recovery codes like `k7dm-3xq9-p2wa`, and the hash kept of each. */
export function newRecoveryCodes(count = 10): { codes: string[]; hashes: string[] } {
  // No 0/o, 1/l/i: easy to copy from paper.
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const codes = Array.from({ length: count }, () => {
    const bytes = randomBytes(12);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

/** Recovery codes are random (about 59 bits), so a fast hash is enough; typing is forgiven. */
export function hashRecoveryCode(code: string): string {
  const normal = code.toLowerCase().replace(/[^a-z0-9]/g, "");
  return createHash("sha256").update(`fk-recovery:${normal}`).digest("base64url");
}
