/** The query key of "who is signed in" (`GET /api/auth/user`). */
export const authQueryKey = ["auth", "user"] as const;

/**
 * Offline with no local copy to read (lib/local-copy.ts): the server cannot be asked, so nobody is
 * signed in here until the connection returns (not "loading" for ever). Kept apart from auth.ts so
 * the local copy can set it without importing auth.ts (which loads the local copy).
 */
let noLocalCopy = false;
const listeners = new Set<() => void>();

export function markNoLocalCopy() {
  noLocalCopy = true;
  listeners.forEach((l) => l());
}

export const hasNoLocalCopy = () => noLocalCopy;

export function onLocalCopyMissing(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
