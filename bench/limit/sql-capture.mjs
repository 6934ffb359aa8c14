// Bench only, never shipped: loaded into the app's process (`node --import`) by limit.bench.ts to
// record every query the app sends to PostgreSQL (text, values, row mode, statement name), one JSON
// line each in FK_SQL_CAPTURE. The server bundle keeps npm packages external, so this `pg` is the
// app's `pg`. Recording is switched on and off by SIGUSR2 (each switch written to
// FK_SQL_CAPTURE + ".state" once it has taken effect), so that the bench can record exactly one
// request. A flag, not a file looked up on every query: the app's CPU is what the bench measures,
// and a stat call per query was the hook's own cost in every measured request.
import { appendFileSync, writeFileSync } from "node:fs";
import pg from "pg";

const file = process.env.FK_SQL_CAPTURE;
if (file) {
  let recording = false;
  process.on("SIGUSR2", () => {
    recording = !recording;
    writeFileSync(`${file}.state`, recording ? "on" : "off");
  });
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function capture(config, values, callback) {
    if (recording) {
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
