import { afterAll } from "vitest";

// Every server test file: node-postgres warns when a query is sent on a client that is already
// running one (reads side by side inside a transaction) and will refuse it from pg 9. Only the
// PostgreSQL pass can show it (PGlite has no pg client), and a warning scrolls past unseen, so the
// file fails instead. db/reads.ts has the one way to run a transaction's reads.
const concurrentQueries: string[] = [];
const onWarning = (w: Error) => {
  if (/already executing a query/.test(w.message)) concurrentQueries.push(w.stack ?? w.message);
};
process.on("warning", onWarning);

afterAll(async () => {
  // Warnings are emitted on the next tick.
  await new Promise((resolve) => setImmediate(resolve));
  process.off("warning", onWarning);
  if (concurrentQueries.length > 0) {
    throw new Error(
      `a query was sent on a pg client already running one (use readTogether from db/reads.ts inside a transaction):\n${concurrentQueries.join("\n")}`,
    );
  }
});
