import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { dictionary } from "@zxcvbn-ts/language-common";

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/**
 * scrypt at N=2^16, r=8, p=1 (64 MiB): about 190 ms of CPU here (bench/password.bench.ts keeps it
 * under 300 ms). The async form runs in libuv's thread pool, so hashing never blocks the event
 * loop. Parameters are stored with each hash, so raising them later keeps old hashes working.
 */
export const SCRYPT_PARAMS = { N: 1 << 16, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const maxmemFor = (N: number, r: number) => 256 * N * r;

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

/** Hashes a password with scrypt and a fresh 16-byte salt: `scrypt$N$r$p$salt$hash`. */
export async function hashPassword(password: string): Promise<string> {
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

/** Checks a password against a stored hash in constant time; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
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
