// The package ships no types; only what the data-folder lock (db/client.ts) uses.
declare module "fs-native-extensions" {
  /** An exclusive (or shared) lock on an open file; false when another open file holds one. */
  export function tryLock(fd: number, opts?: { shared?: boolean }): boolean;
  export function unlock(fd: number): void;
}
