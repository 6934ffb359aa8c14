import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database, DatabaseHandle } from "../db/client";

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    dbHandle: DatabaseHandle;
  }
}

/** Makes the database available to every module; whoever opened it closes it. */
export default fp(async function dbPlugin(app: FastifyInstance, opts: { handle: DatabaseHandle }) {
  app.decorate("dbHandle", opts.handle);
  app.decorate("db", opts.handle.db);
});
