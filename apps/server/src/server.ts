import module from "node:module";
import { loadConfig } from "./config";
import { moveLegacyDatabase } from "./db/data-dir";
import { adminConfigHint } from "./plugins/admin-auth";

/** Reads config, opens and migrates the database, listens, and shuts down cleanly. */
async function main() {
  const started = performance.now();
  // Node 22.1+ keeps compiled code of the modules loaded from here on (the database driver and the
  // app, imported below) in a cache folder, so a restart skips most of their compile. Node 20,
  // which the README names, has no such cache: there this does nothing.
  (module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  const config = loadConfig();
  if (!config.databaseUrl) {
    const moved = moveLegacyDatabase(config.dataDir, { explicit: config.dataDirExplicit });
    if (moved) console.log(moved);
  }
  // The database opens (WebAssembly compile, data folder) while the app's modules load: start-up
  // is the slower of the two rather than their sum.
  // A refusal (the data folder is locked by another process) ends start-up at once, without
  // waiting for the modules.
  const since = (t: number) => Math.round(performance.now() - t);
  const phases: Record<string, number> = {};
  const [{ buildApp }, database] = await Promise.all([
    import("./app").then((m) => ((phases.modules = since(started)), m)),
    import("./db/client")
      .then((m) => m.openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }))
      .then((d) => ((phases.database = since(started)), d)),
  ]);
  const t1 = performance.now();
  const app = await buildApp({ config, database });
  await app.ready();
  phases.app = since(t1);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    try {
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  // The knowledge base (food, condition, symptom and breed datasets and their indexes) is built
  // right after listening rather than before: nothing else waits for it, and it is ready by the
  // time a keeper asks a knowledge question (a request in the meantime builds it itself, as the
  // first use does). A dataset that fails its check still stops the server.
  setImmediate(() => {
    import("./knowledge/index")
      .then((m) => m.getKnowledge())
      .catch((err: unknown) => {
        console.error(err instanceof Error ? err.message : err);
        process.exit(1);
      });
  });
  const where =
    database.kind === "postgres"
      ? "PostgreSQL (DATABASE_URL)"
      : `embedded database in ${config.dataDir}`;
  const signIn = config.oidc
    ? `OpenID provider ${config.oidc.issuer}`
    : "built-in sign-in (set OIDC_ISSUER for a real provider)";
  console.log(
    `\nFlockKeeper is running at ${config.publicUrl}\n  data: ${where}\n  sign-in: ${signIn}\n  ready in ${Math.round(performance.now() - started)} ms (${Object.entries(
      phases,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")})\n`,
  );
  const hint = adminConfigHint(config);
  if (hint) console.log(`  ${hint}\n`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
