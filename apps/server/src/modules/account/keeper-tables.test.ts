import { is } from "drizzle-orm";
import { PgTable, getTableConfig } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema/index";
import { keeperTables, tablesWithUserId } from "./keeper-tables";
import { codecs } from "./table-codec";

describe("keeper-data table registry", () => {
  it("covers every table with a user_id column, so export, import and delete miss none", () => {
    const registered = new Set(keeperTables.map((e) => e.table));
    const missing = tablesWithUserId(schema)
      .filter((t) => !registered.has(t))
      .map((t) => getTableConfig(t).name);
    expect(missing, "add these tables to modules/account/keeper-tables.ts").toEqual([]);
  });

  it("finds keeper data by foreign key too: every table referencing users keeps it in user_id", () => {
    // A table that points at a keeper through another column name would slip past the check above.
    const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
    const stray = tables.flatMap((table) =>
      getTableConfig(table)
        .foreignKeys.map((fk) => fk.reference())
        .filter((ref) => ref.foreignTable === schema.users)
        // Authors of farm records (and of invitations, and who did or snoozed a task) are not
        // the records' owners.
        .flatMap((ref) =>
          ref.columns.filter(
            (c) =>
              ![
                "user_id",
                "created_by",
                "updated_by",
                "accepted_by",
                "done_by",
                "snoozed_by",
              ].includes(c.name),
          ),
        )
        .map((c) => `${getTableConfig(table).name}.${c.name}`),
    );
    expect(stray, "name the column user_id, or register the table by hand").toEqual([]);
    const referencing = tables.filter((table) =>
      getTableConfig(table).foreignKeys.some((fk) => fk.reference().foreignTable === schema.users),
    );
    // Farm membership and invitations are the farms module's (exported as the farm's members).
    const registered = new Set<PgTable>([
      ...keeperTables.map((e) => e.table),
      schema.farmMembers,
      schema.farmInvitations,
    ]);
    expect(
      referencing.filter((t) => !registered.has(t)).map((t) => getTableConfig(t).name),
    ).toEqual([]);
  });

  it("has unique keys and only tables that have a user_id column", () => {
    const keys = keeperTables.map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
    const withUser = new Set(tablesWithUserId(schema));
    for (const e of keeperTables) expect(withUser.has(e.table), e.key).toBe(true);
  });

  it("lists parents before children (import order) and can validate every imported column", () => {
    const all = codecs();
    const position = new Map(keeperTables.map((e, i) => [e.key, i]));
    for (const codec of all.values()) {
      if (!["records", "singleton"].includes(codec.entry.mode)) continue;
      expect(codec.unsupported, `${codec.entry.key}: column types import cannot check`).toEqual([]);
      for (const ref of codec.refs) {
        expect(position.has(ref.target), `${codec.entry.key}.${ref.key} target`).toBe(true);
        // A table naming its own rows (a bird's sire and dam) is ordered row by row on import.
        if (ref.target === codec.entry.key) continue;
        expect(
          position.get(ref.target)! < position.get(codec.entry.key)!,
          `${ref.target} must come before ${codec.entry.key}`,
        ).toBe(true);
      }
      if (codec.entry.mode === "records") expect(codec.hasId, codec.entry.key).toBe(true);
    }
  });
});
