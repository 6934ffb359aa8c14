/**
 * Copies one farm's records `count` times on PostgreSQL, as other farms: every table with a
 * `farm_id` (its rows of that farm), every table with a `user_id` and no `farm_id` (its rows of the
 * farm's members), and the farm, its members' users and their sessions. Each copy `k` gets its own
 * ids: a uuid column becomes `md5(value || ':' || k)` (so references between the copied rows hold),
 * a text column of a unique index gets `:k` appended, a serial column takes its default. Triggers
 * and foreign-key checks are off for the copy (`session_replication_role = replica`, which needs a
 * superuser, as the test and bench servers are), so per-day totals and list JSON are copied as
 * they are. For the query-plan test and the growth bench: many keepers' worth of rows in seconds.
 *
 * `from` numbers the copies (`from` .. `from + count - 1`), so that a second call adds new farms.
 */
export async function cloneFarm(
  client: { query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> },
  farmId: string,
  count: number,
  from = 1,
): Promise<void> {
  const columns = (await client.query(
    `select c.table_name, c.column_name, c.data_type, c.column_default, c.is_generated
       from information_schema.columns c
       join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`,
  )) as {
    rows: {
      table_name: string;
      column_name: string;
      data_type: string;
      column_default: string | null;
      is_generated: string;
    }[];
  };
  const unique = (await client.query(
    `select distinct cl.relname as table_name, a.attname as column_name
       from pg_index i
       join pg_class cl on cl.oid = i.indrelid
       join pg_namespace n on n.oid = cl.relnamespace
       join pg_attribute a on a.attrelid = cl.oid and a.attnum = any(i.indkey)
      where i.indisunique and n.nspname = 'public'`,
  )) as { rows: { table_name: string; column_name: string }[] };
  const uniqueText = new Set(unique.rows.map((r) => `${r.table_name}.${r.column_name}`));
  const tables = new Map<string, (typeof columns.rows)[number][]>();
  for (const c of columns.rows) {
    if (!tables.has(c.table_name)) tables.set(c.table_name, []);
    tables.get(c.table_name)!.push(c);
  }
  const members = `(select user_id from farm_members where farm_id = $1)`;
  await client.query("set session_replication_role = replica");
  try {
    for (const [table, cols] of tables) {
      const names = new Set(cols.map((c) => c.column_name));
      const where =
        table === "farms"
          ? "id = $1"
          : table === "users"
            ? `id in ${members}`
            : names.has("farm_id")
              ? "farm_id = $1"
              : names.has("user_id")
                ? `user_id in ${members}`
                : null;
      if (!where) continue;
      const copied = cols.filter(
        (c) => c.is_generated !== "ALWAYS" && !c.column_default?.startsWith("nextval("),
      );
      const value = (c: (typeof cols)[number]) => {
        const col = `"${c.column_name}"`;
        if (c.data_type === "uuid") return `md5(${col}::text || ':' || k)::uuid`;
        if (c.data_type === "text" && uniqueText.has(`${table}.${c.column_name}`)) {
          return `${col} || ':' || k`;
        }
        return col;
      };
      await client.query(
        `insert into "${table}" (${copied.map((c) => `"${c.column_name}"`).join(", ")})
         select ${copied.map(value).join(", ")}
           from "${table}" cross join generate_series($2::int, $3::int) as k
          where ${where}`,
        [farmId, from, from + count - 1],
      );
    }
  } finally {
    await client.query("set session_replication_role = origin");
  }
}

/** The main keeper reads whose queries must stay indexed as the data grows (issue 26 item 7). */
export const MAIN_KEEPER_READS = [
  "/api/chickens",
  "/api/flocks",
  "/api/egg-records",
  "/api/egg-records/stats",
  "/api/production/summary?period=30",
  "/api/tasks",
] as const;

/**
 * A keeper's records through the API, as a keeper makes them (`post` sends one POST as that keeper
 * and returns the answer): `birds` birds with `days` days of egg records, `flocks` flocks with
 * `days` days of baskets, a daily chore and a finished treatment.
 */
export async function seedKeeperRecords(
  post: (url: string, body: unknown) => Promise<{ id: string }>,
  today: string,
  { birds = 12, days = 30, flocks = 2 } = {},
): Promise<void> {
  const day = (n: number) => {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - n);
    return d.toISOString().slice(0, 10);
  };
  const ids: string[] = [];
  for (let i = 0; i < birds; i++) {
    ids.push((await post("/api/chickens", { name: `Hen ${i}`, breed: "Sussex" })).id);
  }
  for (let d = 0; d < days; d++) {
    await post("/api/egg-records/batch", {
      date: day(d),
      records: ids.map((chickenId, i) => ({ chickenId, eggsLaid: (i + d) % 4 === 0 ? 0 : 1 })),
    });
  }
  for (let f = 0; f < flocks; f++) {
    const flock = await post("/api/flocks", {
      name: `Layers ${f}`,
      headcount: 40,
      startDate: day(days + 30),
    });
    for (let d = 0; d < days; d++) {
      await post("/api/egg-collections", { flockId: flock.id, date: day(d), eggs: 30 + (d % 5) });
    }
  }
  await post("/api/chores", { title: "Fresh water", frequency: "daily" });
  // Finished long before today, so no answer is withheld; the tables are not empty for the planner.
  await post("/api/treatments", {
    chickenId: ids[0],
    product: "Wormer",
    route: "oral",
    startDate: day(days + 100),
    reason: "Worms",
    prescribedByVet: false,
    eggWithdrawalDays: 7,
    meatWithdrawalDays: 7,
  });
}
