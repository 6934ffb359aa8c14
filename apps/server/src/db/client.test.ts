import net from "node:net";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client";

/** A TCP relay to PostgreSQL whose open connections can be cut, as a network drop would. */
async function relay(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => {});
      s.on("close", () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    cut: () => sockets.forEach((s) => s.destroy()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL connection lost", () => {
  it("fails the transaction it hits, not the process, and the pool reconnects", async () => {
    const proxy = await relay(new URL(process.env.TEST_DATABASE_URL!));
    const handle = await openDatabase({ url: proxy.url, dataDir: "" });
    try {
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const tx = handle.db.transaction(async (t) => {
        await t.execute(sql`select 1`);
        entered();
        await new Promise((resolve) => setTimeout(resolve, 200));
        await t.execute(sql`select 2`);
      });
      await inside;
      // The client is checked out of the pool here: before the fix its 'error' event was unheard
      // and crashed the process.
      proxy.cut();
      await expect(tx).rejects.toThrow();
      await expect(handle.ping()).resolves.toBeUndefined();
    } finally {
      await handle.close();
      await proxy.close();
    }
  });
});
