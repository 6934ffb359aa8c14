// Bench only, never shipped: loaded into the app's process (`node --import`) by limit.bench.ts to
// record every query the app sends to PostgreSQL (text, values, row mode, statement name), one JSON
// line each in FK_SQL_CAPTURE. The server bundle keeps npm packages external, so this `pg` is the
// app's `pg`. Recording is on only while the file FK_SQL_CAPTURE + ".on" exists, so that the
// bench can record exactly one request.
import { appendFileSync, existsSync } from "node:fs";
import pg from "pg";

const file = process.env.FK_SQL_CAPTURE;
if (file) {
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function capture(config, values, callback) {
    if (existsSync(`${file}.on`)) {
      const q = typeof config === "string" ? { text: config } : config;
      if (q && typeof q.text === "string") {
        appendFileSync(
          file,
          JSON.stringify({
            text: q.text,
            values: q.values ?? (Array.isArray(values) ? values : undefined),
            rowMode: q.rowMode,
            name: q.name,
          }) + "\n",
        );
      }
    }
    return query.call(this, config, values, callback);
  };
}
