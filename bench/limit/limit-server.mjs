// Bench only, never shipped: the limit for one keeper read (see limit.bench.ts). A bare node:http
// server with a pg pool of the app's size that, for every request, runs the app's own SQL for the
// answer (the recorded queries, in order), turns the rows into JSON as any server must, and sends
// the app's exact bytes. Its own process, so that its CPU time is its own. Reads its job from the
// JSON file named by argv[2] ({ databaseUrl, queries, body (base64) }); prints its port.
import { readFileSync } from "node:fs";
import http from "node:http";
import pg from "pg";

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const body = Buffer.from(job.body, "base64");
const pool = new pg.Pool({ connectionString: job.databaseUrl, max: 10 });
// Timestamps, dates and intervals stay text, as Drizzle's node-postgres driver asks for them.
const TEXT_TYPES = new Set([1184, 1114, 1082, 1186]);
const types = {
  getTypeParser: (id, format) =>
    TEXT_TYPES.has(id) ? (v) => v : pg.types.getTypeParser(id, format),
};

const server = http.createServer(async (_req, res) => {
  try {
    const results = [];
    for (const q of job.queries) {
      const r = await pool.query({ ...q, types });
      results.push(r.rows);
    }
    JSON.stringify(results);
    res.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": body.length,
    });
    res.end(body);
  } catch (err) {
    res.writeHead(500);
    res.end(String(err));
  }
});
server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
process.on("SIGTERM", () => server.close(() => pool.end().then(() => process.exit(0))));
