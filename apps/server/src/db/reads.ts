import { PgTransaction } from "drizzle-orm/pg-core";

/**
 * Runs independent reads side by side on the pool, or one after another inside a transaction.
 * A transaction is one client: node-postgres queues a query sent while another runs on it, warns
 * that this is deprecated, and will refuse it from pg 9. PGlite has one connection either way.
 */
export async function readTogether<const T extends readonly unknown[]>(
  db: unknown,
  reads: { [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  const all = reads as readonly (() => PromiseLike<unknown>)[];
  if (!(db instanceof PgTransaction))
    return (await Promise.all(all.map((read) => read()))) as never;
  const out: unknown[] = [];
  for (const read of all) out.push(await read());
  return out as never;
}
