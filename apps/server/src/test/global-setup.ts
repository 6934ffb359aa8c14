import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { writeTemplate } from "../db/client";

/**
 * With TEST_DATABASE_URL (CI's PostgreSQL), each run gets its own throwaway database on that
 * server, so concurrent runs never see each other's tables and every run migrates from empty.
 * Embedded runs get one migrated database dump that every test file's in-memory PGlite starts
 * from, instead of each file running PGlite's initdb and every migration (seconds each).
 */
export default async function setup() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fk-test-template-"));
    const file = path.join(dir, "pglite-template.tar.gz");
    await writeTemplate(file);
    process.env.FK_TEST_PGLITE_TEMPLATE = file;
    return () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const name = `fk_test_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  // Workers start after this and inherit the environment.
  process.env.TEST_DATABASE_URL = url.toString();
  return async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}
