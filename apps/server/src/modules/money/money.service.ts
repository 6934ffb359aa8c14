import { and, desc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { addDaysIso, daysBetweenIso } from "@flockkeeper/shared/domain/dates";
import {
  DEFAULT_CURRENCY,
  EXPENSE_CATEGORIES,
  FEED_LBS_PER_UNIT,
  FEED_RATE_DAYS,
  INCOME_CATEGORIES,
  LAYING_PURPOSES,
  feedStockOf,
  moneySummaryOf,
  type EggMonth,
  type MoneySum,
  type TransactionCategory,
  type TransactionType,
  type TransactionUnit,
} from "@flockkeeper/shared/domain/money";
import {
  MONEY_MESSAGES,
  TRANSACTION_LIST_LIMIT,
  type MoneySummary,
  type Transaction,
  type TransactionList,
  type createTransactionBody,
  type moneyQuery,
  type updateTransactionBody,
} from "@flockkeeper/shared/schemas/money";
import type { Database } from "../../db/client";
import { flocks, keeperSettings, transactions } from "../../db/schema/index";
import { invalidField } from "../../lib/errors";
import { resolveToday } from "../../lib/keeper-today";
import { csvRows } from "../../lib/csv";
import { authorshipOf, createdByKeeper, type Keeper } from "../../access/access";
import { deleteRecord, recordToChange } from "../../access/record-change";
import { withheldEggs } from "../treatments/treatments.service";

/*
 * Money (issue 20 items 6-8). Owners and keepers only: every route names `money.read`, so a helper
 * gets 403 before anything here runs. Every query is scoped by `keeper.farmId`.
 *
 * The money view reads three sources, each amount once (domain/money.ts says why):
 * transactions; feed records' costs (feed expenses); flock events' prices (`sold`: birds income,
 * `acquired`: birds expense).
 */

type Row = typeof transactions.$inferSelect;

/** Most transactions one list answers (newest first); the answer says when there are more. */
export const LIST_LIMIT = TRANSACTION_LIST_LIMIT;
/** Longest period a money query may cover (20 years). */
const MAX_PERIOD_DAYS = 20 * 366;

/** The keeper's currency (account settings), USD when never set. */
export async function keeperCurrency(db: Database, keeper: Keeper): Promise<string> {
  const [s] = await db
    .select({ currency: keeperSettings.currency })
    .from(keeperSettings)
    .where(eq(keeperSettings.userId, keeper.user.id));
  return s?.currency ?? DEFAULT_CURRENCY;
}

/** A flock of the farm in use, by id: 404 naming `flockId` for a missing or another farm's flock. */
async function requireFlock(db: Database, keeper: Keeper, flockId: string) {
  const [flock] = await db
    .select({ id: flocks.id, name: flocks.name })
    .from(flocks)
    .where(and(eq(flocks.id, flockId), eq(flocks.farmId, keeper.farmId)))
    .limit(1);
  if (!flock) throw invalidField("flockId", "Flock not found", 404);
  return flock;
}

function toTransaction(row: Row, flockName: string | null): Transaction {
  return {
    id: row.id,
    ...authorshipOf(row),
    type: row.type as TransactionType,
    category: row.category as TransactionCategory,
    date: row.date,
    amount: row.amount,
    currency: row.currency,
    flockId: row.flockId,
    flockName: row.flockId ? flockName : null,
    quantity: row.quantity,
    unit: row.unit as TransactionUnit | null,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The period of a query: `to` defaults to today, `from` to a year before it (364 days back). */
export function periodOf(q: z.output<typeof moneyQuery>) {
  const to = q.to ?? resolveToday();
  const from = q.from ?? addDaysIso(to, -364);
  if (to < from) throw invalidField("to", MONEY_MESSAGES.endBeforeStart);
  if (daysBetweenIso(from, to) > MAX_PERIOD_DAYS)
    throw invalidField("from", MONEY_MESSAGES.periodTooLong);
  return { from, to };
}

/** Currency must be the keeper's: amounts of one farm view are summed in one currency. */
function checkCurrency(given: string | undefined, currency: string) {
  if (given !== undefined && given !== currency) {
    throw invalidField(
      "currency",
      `Amounts are recorded in your currency (${currency}); change it in your settings first`,
    );
  }
}

/** The category must be one of the type's (checked again here for a PATCH naming only one). */
function checkCategory(type: string, category: string) {
  const list: readonly string[] = type === "income" ? INCOME_CATEGORIES : EXPENSE_CATEGORIES;
  if (!list.includes(category)) {
    throw invalidField(
      "category",
      type === "income" ? MONEY_MESSAGES.incomeCategory : MONEY_MESSAGES.expenseCategory,
    );
  }
}

export async function listTransactions(
  db: Database,
  keeper: Keeper,
  q: z.output<typeof moneyQuery>,
): Promise<TransactionList> {
  const { from, to } = periodOf(q);
  if (q.flockId) await requireFlock(db, keeper, q.flockId);
  const [rows, currency] = await Promise.all([
    db
      // The period's full count in the same statement (computed before the limit applies).
      .select({ t: transactions, flockName: flocks.name, total: sql<string>`count(*) over ()` })
      .from(transactions)
      .leftJoin(flocks, eq(flocks.id, transactions.flockId))
      .where(
        and(
          eq(transactions.farmId, keeper.farmId),
          gte(transactions.date, from),
          lte(transactions.date, to),
          q.flockId ? eq(transactions.flockId, q.flockId) : undefined,
        ),
      )
      .orderBy(desc(transactions.date), desc(transactions.createdAt))
      .limit(LIST_LIMIT),
    keeperCurrency(db, keeper),
  ]);
  const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  return {
    from,
    to,
    currency,
    items: rows.map(({ t, flockName }) => toTransaction(t, flockName)),
    total,
    truncated: total > rows.length,
  };
}

export async function createTransaction(
  db: Database,
  keeper: Keeper,
  body: z.output<typeof createTransactionBody>,
): Promise<Transaction> {
  const currency = await keeperCurrency(db, keeper);
  checkCurrency(body.currency, currency);
  const flock = body.flockId ? await requireFlock(db, keeper, body.flockId) : null;
  const [row] = await db
    .insert(transactions)
    .values({
      ...createdByKeeper(keeper),
      type: body.type,
      category: body.category,
      date: body.date,
      amount: body.amount,
      currency,
      flockId: flock?.id ?? null,
      quantity: body.quantity ?? null,
      unit: body.unit ?? null,
      notes: body.notes ?? null,
    })
    .returning();
  return toTransaction(row!, flock?.name ?? null);
}

export async function updateTransaction(
  db: Database,
  keeper: Keeper,
  id: string,
  body: z.output<typeof updateTransactionBody>,
): Promise<Transaction> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const old = await recordToChange(t, keeper, transactions, id, "Transaction");
    checkCategory(body.type ?? old.type, body.category ?? old.category);
    if (body.currency !== undefined) checkCurrency(body.currency, old.currency);
    const flock = body.flockId ? await requireFlock(t, keeper, body.flockId) : null;
    // Quantity and unit go together: one given alone must fit the stored other.
    const quantity = body.quantity === undefined ? old.quantity : body.quantity;
    const unit = body.unit === undefined ? old.unit : body.unit;
    if ((quantity === null) !== (unit === null)) {
      throw quantity === null
        ? invalidField("quantity", MONEY_MESSAGES.unitWithoutQuantity)
        : invalidField("unit", MONEY_MESSAGES.quantityWithoutUnit);
    }
    const [row] = await t
      .update(transactions)
      .set({
        updatedBy: keeper.user.id,
        updatedAt: new Date(),
        type: body.type,
        category: body.category,
        date: body.date,
        amount: body.amount,
        flockId: body.flockId === undefined ? undefined : (flock?.id ?? null),
        quantity,
        unit,
        notes: body.notes,
      })
      .where(and(eq(transactions.id, id), eq(transactions.farmId, keeper.farmId)))
      .returning();
    const [named] = row!.flockId
      ? await t.select({ name: flocks.name }).from(flocks).where(eq(flocks.id, row!.flockId))
      : [];
    return toTransaction(row!, named?.name ?? null);
  });
}

export async function deleteTransaction(db: Database, keeper: Keeper, id: string): Promise<void> {
  await deleteRecord(db, keeper, transactions, id, "Transaction");
}

// ---------------------------------------------------------------- summary

type Rows<T> = { rows: T[] };
async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

const layingList = sql.raw(LAYING_PURPOSES.map((p) => `'${p}'`).join(", "));
/** SQL: eggs in a sale's quantity (dozens x 12, trays x 30). */
const eggsSoldSql = sql.raw(
  `case when t.type = 'income' and t.category = 'eggs' then coalesce(t.quantity, 0) * ` +
    `case t.unit when 'egg' then 1 when 'dozen' then 12 when 'tray_30' then 30 else 0 end ` +
    `else 0 end`,
);
/** SQL: pounds of feed in a purchase's quantity. */
const feedLbsSql = sql.raw(
  `coalesce(t.quantity, 0) * case t.unit ${Object.entries(FEED_LBS_PER_UNIT)
    .map(([unit, lbs]) => `when '${unit}' then ${lbs}`)
    .join(" ")} else 0 end`,
);

/**
 * Withheld eggs by month: eggs laid while a treatment's egg withdrawal covered their bird or flock
 * (treatments module, `withheldEggs`), counted as laid and not as saleable.
 */
export async function withheldEggsByMonth(
  db: Database,
  keeper: Keeper,
  from: string,
  to: string,
  flockId?: string,
): Promise<Map<string, number>> {
  const withheld = await withheldEggs(db, keeper, { from, to, flockId: flockId ?? null });
  const months = new Map<string, number>();
  for (const [day, eggs] of withheld.byDay) {
    const month = day.slice(0, 7);
    months.set(month, (months.get(month) ?? 0) + eggs);
  }
  return months;
}

/**
 * Eggs laid by month. A flock's day counts its basket or its birds' own records, the larger when
 * both were logged (as the production view, `flockDayEggs`); birds in no flock their records. As
 * greatest(b, r) = b + r - least(b, r), the baskets are summed by month straight from their index
 * and only the days with both (rare) are joined.
 */
async function eggsLaidByMonth(
  db: Database,
  farmId: string,
  from: string,
  to: string,
  flockId?: string,
): Promise<Map<string, number>> {
  const flockOnly = flockId ? sql`and flock_id = ${flockId}` : sql``;
  const birdFlockOnly = flockId ? sql`and c.flock_id = ${flockId}` : sql``;
  const rows = await rowsOf<{ month: string; eggs: string | number }>(
    db,
    sql`
    with r as (
      select c.flock_id, e.date, sum(e.eggs_laid) as eggs
      from egg_records e join chickens c on c.id = e.chicken_id
      where e.farm_id = ${farmId} and e.date between ${from} and ${to} ${birdFlockOnly}
      group by c.flock_id, e.date
    ), parts as (
      select date_trunc('month', date::timestamp) as m, sum(eggs) as eggs from egg_collections
      where farm_id = ${farmId} and date between ${from} and ${to} ${flockOnly}
      group by 1
      union all
      select date_trunc('month', date::timestamp), sum(eggs) from r group by 1
      union all
      select date_trunc('month', b.date::timestamp), -sum(least(b.eggs, r.eggs))
      from r join egg_collections b on b.flock_id = r.flock_id and b.date = r.date
      where b.farm_id = ${farmId}
      group by 1
    )
    select to_char(m, 'YYYY-MM') as month, sum(eggs) as eggs from parts group by m`,
  );
  return new Map(rows.map((r) => [r.month, Number(r.eggs)]));
}

type SumRow = {
  type: TransactionType;
  category: TransactionCategory;
  month: string;
  currency: string | null;
  laying: boolean;
  amount: string | number;
  eggs_sold: string | number;
};

/** Transactions summed by type, category, month, currency and whether a laying flock's. */
function transactionSums(db: Database, farmId: string, from: string, to: string, flockId?: string) {
  return rowsOf<SumRow>(
    db,
    sql`
    select t.type, t.category, to_char(date_trunc('month', t.date::timestamp), 'YYYY-MM') as month,
      t.currency, (t.flock_id is null or f.purpose in (${layingList})) as laying,
      sum(t.amount) as amount, sum(${eggsSoldSql}) as eggs_sold
    from transactions t left join flocks f on f.id = t.flock_id
    where t.farm_id = ${farmId} and t.date between ${from} and ${to}
      ${flockId ? sql`and t.flock_id = ${flockId}` : sql``}
    group by t.type, t.category, date_trunc('month', t.date::timestamp), t.currency, 5`,
  );
}

/**
 * SQL: a feed record is the flock's (its own, or one of its birds'); written so each half uses its
 * index (`feed_records_flock_idx`, `feed_records_chicken_date_idx`).
 */
const feedOfFlock = (flockId: string) =>
  sql`and (fr.flock_id = ${flockId} or fr.chicken_id in (select id from chickens where flock_id = ${flockId}))`;

/** Feed records' costs by month: feed expenses (the bird's flock, or the record's own flock). */
function feedCostSums(db: Database, farmId: string, from: string, to: string, flockId?: string) {
  // Summed by bird or flock and month first: the joins then see a few rows, not one a day.
  return rowsOf<SumRow>(
    db,
    sql`
    with fr as (
      select fr.flock_id, fr.chicken_id, date_trunc('month', fr.date::timestamp) as m,
        sum(fr.feed_cost) as cost
      from feed_records fr
      where fr.farm_id = ${farmId} and fr.date between ${from} and ${to} and fr.feed_cost > 0
        ${flockId ? feedOfFlock(flockId) : sql``}
      group by 1, 2, 3
    )
    select 'expense' as type, 'feed' as category, to_char(fr.m, 'YYYY-MM') as month,
      null as currency, (f.id is null or f.purpose in (${layingList})) as laying,
      sum(fr.cost) as amount, 0 as eggs_sold
    from fr
      left join chickens c on c.id = fr.chicken_id
      left join flocks f on f.id = coalesce(fr.flock_id, c.flock_id)
    group by fr.m, 5`,
  );
}

/** Flock events' prices by month: `sold` as birds income, `acquired` as a birds expense. */
function flockEventSums(db: Database, farmId: string, from: string, to: string, flockId?: string) {
  return rowsOf<SumRow>(
    db,
    sql`
    select case e.type when 'sold' then 'income' else 'expense' end as type, 'birds' as category,
      to_char(date_trunc('month', e.date::timestamp), 'YYYY-MM') as month, null as currency,
      f.purpose in (${layingList}) as laying, sum(e.price) as amount, 0 as eggs_sold
    from flock_events e join flocks f on f.id = e.flock_id
    where e.farm_id = ${farmId} and e.date between ${from} and ${to}
      and e.type in ('sold', 'acquired') and e.price > 0
      ${flockId ? sql`and e.flock_id = ${flockId}` : sql``}
    group by 1, date_trunc('month', e.date::timestamp), 5`,
  );
}

/** SQL: the currency of the keeper `userId` (settings), USD when never set. */
const currencyOfSql = (userId: SQL | string) =>
  sql`coalesce((select currency from keeper_settings where user_id = ${userId}), ${DEFAULT_CURRENCY})`;

/**
 * SQL, a lateral row `(bought, used, recent)`: feed bought (purchases of category feed in a
 * weight unit, in the keeper's currency, up to `to`) and feed used (feed records from the first
 * purchase to `to`, and over the last FEED_RATE_DAYS days). The farm, keeper and date are SQL
 * (parameters, or a column of many requests: Today's feed source reads every farm of a digest run
 * in one statement).
 */
export function feedStockSql(farmId: SQL, userId: SQL, to: SQL, flockId?: string): SQL {
  return sql`(
    select bought.lbs as bought, used.used, used.recent from (
      select sum(${feedLbsSql}) as lbs, min(t.date) as first from transactions t
      where t.farm_id = ${farmId} and t.date <= ${to} and t.type = 'expense'
        and t.category = 'feed' and t.currency = ${currencyOfSql(userId)}
        and t.unit in (${sql.raw(
          Object.keys(FEED_LBS_PER_UNIT)
            .map((u) => `'${u}'`)
            .join(", "),
        )})
        ${flockId ? sql`and t.flock_id = ${flockId}` : sql``}
    ) bought
    left join lateral (${
      flockId
        ? sql`
      select sum(fr.feed_amount) as used,
        sum(fr.feed_amount) filter (where fr.date >= ${to} - ${FEED_RATE_DAYS - 1}::int) as recent
      from feed_records fr
      where fr.farm_id = ${farmId} and fr.date between bought.first and ${to} ${feedOfFlock(flockId)}`
        : // The whole farm's: its daily totals (kept by triggers, one row a day however many
          // flocks and birds have records), not every record since the first purchase.
          sql`
      select sum(d.feed_amount) as used,
        sum(d.feed_amount) filter (where d.date >= ${to} - ${FEED_RATE_DAYS - 1}::int) as recent
      from daily_production d
      where d.farm_id = ${farmId} and d.date between bought.first and ${to}`
    }) used on bought.first is not null)`;
}

/** The feed stock of `feedStockSql`'s row. */
export const feedStockOfRow = (row: {
  bought: string | number | null;
  used: string | number | null;
  recent: string | number | null;
}) => feedStockOf(Number(row.bought ?? 0), Number(row.used ?? 0), Number(row.recent ?? 0));

/** The farm's (or one flock's) feed stock on `to` (`feedStockSql`). */
export async function feedStock(db: Database, keeper: Keeper, to: string, flockId?: string) {
  const [row] = await rowsOf<Parameters<typeof feedStockOfRow>[0]>(
    db,
    sql`select s.* from ${feedStockSql(
      sql`${keeper.farmId}::uuid`,
      sql`${keeper.user.id}::uuid`,
      sql`${to}::date`,
      flockId,
    )} s`,
  );
  return feedStockOfRow(row ?? { bought: null, used: null, recent: null });
}

export async function moneySummary(
  db: Database,
  keeper: Keeper,
  q: z.output<typeof moneyQuery>,
): Promise<MoneySummary> {
  const { from, to } = periodOf(q);
  const { farmId } = keeper;
  const flockId = q.flockId;
  // One round of queries, all scoped by the farm: another farm's flock id finds nothing in them,
  // and is answered 404 below before anything is returned.
  const [flock, currency, txSums, feedSums, eventSums, laid, withheld, stock] = await Promise.all([
    flockId
      ? requireFlock(db, keeper, flockId).then(
          () => true,
          (e: unknown) => e,
        )
      : true,
    keeperCurrency(db, keeper),
    transactionSums(db, farmId, from, to, flockId),
    feedCostSums(db, farmId, from, to, flockId),
    flockEventSums(db, farmId, from, to, flockId),
    eggsLaidByMonth(db, farmId, from, to, flockId),
    withheldEggsByMonth(db, keeper, from, to, flockId),
    feedStock(db, keeper, to, flockId),
  ]);
  if (flock !== true) throw flock;
  const other = new Map<string, number>();
  const sums: MoneySum[] = [];
  for (const r of [...txSums, ...feedSums, ...eventSums]) {
    // Feed costs and flock prices have no currency of their own: they are the keeper's.
    if (r.currency !== null && r.currency !== currency) {
      other.set(r.currency, (other.get(r.currency) ?? 0) + 1);
      continue;
    }
    sums.push({
      type: r.type,
      category: r.category,
      month: r.month,
      amount: Number(r.amount),
      laying: r.laying,
      eggsSold: Number(r.eggs_sold),
    });
  }
  const eggs: EggMonth[] = [...new Set([...laid.keys(), ...withheld.keys()])].map((month) => ({
    month,
    laid: laid.get(month) ?? 0,
    withheld: withheld.get(month) ?? 0,
  }));
  return {
    from,
    to,
    flockId: flockId ?? null,
    currency,
    ...moneySummaryOf(from, to, sums, eggs),
    feedStock: stock,
    otherCurrencies: [...other].map(([c, count]) => ({ currency: c, count })),
  };
}

// ---------------------------------------------------------------- export

/**
 * The period's money as CSV: every transaction, then the feed records' costs and flock events'
 * prices the summary counts (source column), so the file adds up to the summary.
 */
export async function exportMoneyCsv(
  db: Database,
  keeper: Keeper,
  q: z.output<typeof moneyQuery>,
): Promise<{ filename: string; body: string }> {
  const { from, to } = periodOf(q);
  const { farmId } = keeper;
  const flockId = q.flockId;
  if (flockId) await requireFlock(db, keeper, flockId);
  const currency = await keeperCurrency(db, keeper);
  type Line = {
    date: string;
    source: string;
    type: string;
    category: string;
    amount: number;
    currency: string;
    flock: string | null;
    quantity: number | null;
    unit: string | null;
    notes: string | null;
  };
  const [tx, feed, events] = await Promise.all([
    rowsOf<Line>(
      db,
      sql`
      select t.date::text as date, 'transaction' as source, t.type, t.category, t.amount,
        t.currency, f.name as flock, t.quantity, t.unit, t.notes
      from transactions t left join flocks f on f.id = t.flock_id
      where t.farm_id = ${farmId} and t.date between ${from} and ${to}
        ${flockId ? sql`and t.flock_id = ${flockId}` : sql``}`,
    ),
    rowsOf<Line>(
      db,
      sql`
      select fr.date::text as date, 'feed record' as source, 'expense' as type, 'feed' as category,
        fr.feed_cost as amount, ${currency} as currency, f.name as flock,
        fr.feed_amount as quantity, 'lb' as unit, fr.feed_type as notes
      from feed_records fr
        left join chickens c on c.id = fr.chicken_id
        left join flocks f on f.id = coalesce(fr.flock_id, c.flock_id)
      where fr.farm_id = ${farmId} and fr.date between ${from} and ${to} and fr.feed_cost > 0
        ${flockId ? feedOfFlock(flockId) : sql``}`,
    ),
    rowsOf<Line>(
      db,
      sql`
      select e.date::text as date, 'flock event' as source,
        case e.type when 'sold' then 'income' else 'expense' end as type, 'birds' as category,
        e.price as amount, ${currency} as currency, f.name as flock, e.count as quantity,
        'bird' as unit, e.notes
      from flock_events e join flocks f on f.id = e.flock_id
      where e.farm_id = ${farmId} and e.date between ${from} and ${to}
        and e.type in ('sold', 'acquired') and e.price > 0
        ${flockId ? sql`and e.flock_id = ${flockId}` : sql``}`,
    ),
  ]);
  const lines = [...tx, ...feed, ...events].sort(
    (a, b) => a.date.localeCompare(b.date) || a.source.localeCompare(b.source),
  );
  const header = [
    "date",
    "source",
    "type",
    "category",
    "amount",
    "currency",
    "flock",
    "quantity",
    "unit",
    "notes",
  ];
  return {
    filename: `money-${from}-to-${to}.csv`,
    body: csvRows([
      header,
      ...lines.map((l) => [
        l.date,
        l.source,
        l.type,
        l.category,
        Number(l.amount),
        l.currency,
        l.flock,
        l.quantity === null ? null : Number(l.quantity),
        l.unit,
        l.notes,
      ]),
    ]),
  };
}
