/*
 * Money (issue 20 items 6-7): the vocabulary of transactions and the pure arithmetic of the money
 * view. The server sums rows in SQL and hands the sums to `moneySummaryOf`; everything that is a
 * formula (net, cost per dozen, eggs in a sale, feed days left) is here and unit tested.
 *
 * Where the money view's figures come from (no amount is ever counted twice):
 * - Transactions (`/api/transactions`): every row counts once, under its own type and category.
 * - Feed records with a cost (feed module): each cost counts as a `feed` expense. They are never
 *   copied into transactions; a transaction of category `feed` (e.g. bags bought) is a separate
 *   expense. Put a feed's cost in one place: on the feed record or as a purchase, not both.
 * - Flock events with a price (flocks module): `sold` counts as `birds` income and `acquired` as a
 *   `birds` expense. They are never copied into transactions; a `birds` transaction is separate.
 *   Record a sale of birds in one place: on the flock's event or as a transaction, not both.
 */

export const TRANSACTION_TYPES = ["expense", "income"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const EXPENSE_CATEGORIES = [
  "feed",
  "bedding",
  "birds",
  "equipment",
  "housing",
  "vet_medicine",
  "other",
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

export const INCOME_CATEGORIES = ["eggs", "birds", "meat", "hatching_eggs", "other"] as const;
export type IncomeCategory = (typeof INCOME_CATEGORIES)[number];

export type TransactionCategory = ExpenseCategory | IncomeCategory;

export const CATEGORY_LABELS: Record<TransactionCategory, string> = {
  feed: "Feed",
  bedding: "Bedding",
  birds: "Birds",
  equipment: "Equipment",
  housing: "Housing",
  vet_medicine: "Vet and medicine",
  other: "Other",
  eggs: "Eggs",
  meat: "Meat",
  hatching_eggs: "Hatching eggs",
};

/** Units a quantity may be in. Feed bags say their weight, so feed stock can be worked out. */
export const TRANSACTION_UNITS = [
  "egg",
  "dozen",
  "tray_30",
  "bird",
  "kg",
  "lb",
  "bag_20kg",
  "bag_25kg",
  "bag_40lb",
  "bag_50lb",
  "item",
] as const;
export type TransactionUnit = (typeof TRANSACTION_UNITS)[number];

export const UNIT_LABELS: Record<TransactionUnit, string> = {
  egg: "eggs",
  dozen: "dozen",
  tray_30: "trays of 30",
  bird: "birds",
  kg: "kg",
  lb: "lb",
  bag_20kg: "bags of 20 kg",
  bag_25kg: "bags of 25 kg",
  bag_40lb: "bags of 40 lb",
  bag_50lb: "bags of 50 lb",
  item: "items",
};

/** Eggs in one unit of a sale (null: the unit is not a count of eggs). */
export const EGGS_PER_UNIT: Partial<Record<TransactionUnit, number>> = {
  egg: 1,
  dozen: 12,
  tray_30: 30,
};

export const LBS_PER_KG = 2.20462;

/** Pounds of feed in one unit of a purchase (null: not a weight). Feed records are kept in lbs. */
export const FEED_LBS_PER_UNIT: Partial<Record<TransactionUnit, number>> = {
  kg: LBS_PER_KG,
  lb: 1,
  bag_20kg: 20 * LBS_PER_KG,
  bag_25kg: 25 * LBS_PER_KG,
  bag_40lb: 40,
  bag_50lb: 50,
};

/** How many eggs a quantity in a unit is (0 when the unit is not eggs or no quantity). */
export function eggsInQuantity(quantity: number | null, unit: TransactionUnit | null): number {
  if (quantity === null || unit === null) return 0;
  return quantity * (EGGS_PER_UNIT[unit] ?? 0);
}

/** Pounds of feed a quantity in a unit is (0 when the unit is not a weight or no quantity). */
export function feedLbsInQuantity(quantity: number | null, unit: TransactionUnit | null): number {
  if (quantity === null || unit === null) return 0;
  return quantity * (FEED_LBS_PER_UNIT[unit] ?? 0);
}

/** Flocks kept for eggs: their expenses go into the cost per dozen. */
export const LAYING_PURPOSES = ["layers", "mixed", "breeding"] as const;
export const isLayingPurpose = (purpose: string) =>
  (LAYING_PURPOSES as readonly string[]).includes(purpose);

/** Largest amount one transaction may have (a flock of 100,000 birds stays under it). */
export const MAX_AMOUNT = 10_000_000;

/** Money rounded to cents (amounts are kept as floating point, sums shown to 2 decimals). */
export const roundMoney = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

/**
 * Saleable eggs: laid minus withheld (eggs laid during a treatment's egg withdrawal are counted as
 * laid, not as saleable). Never negative.
 */
export const saleableEggs = (laid: number, withheld: number) => Math.max(0, laid - withheld);

/**
 * Cost per dozen eggs: expenses of laying flocks / saleable dozens (saleable eggs / 12), to the
 * cent; null when no saleable egg was recorded (nothing to divide by).
 */
export function costPerDozen(layingExpenses: number, saleable: number): number | null {
  if (saleable <= 0) return null;
  return roundMoney(layingExpenses / (saleable / 12));
}

/** Days of feed the recent rate of use is averaged over. */
export const FEED_RATE_DAYS = 14;

export type FeedStock = {
  /** Feed bought (purchases of category feed with a weight unit), lbs, up to the period's end. */
  boughtLbs: number;
  /** Feed used (feed records), lbs, up to the period's end. */
  usedLbs: number;
  /** Bought minus used, lbs (negative: more recorded used than bought). */
  stockLbs: number;
  /** Feed used per day over the last FEED_RATE_DAYS days to the period's end, lbs. */
  dailyUseLbs: number;
  /** Stock / daily use, whole days down; 0 when the stock is used up. */
  daysLeft: number;
};

/**
 * Feed left and how long it lasts at the recent rate: null unless both purchases (with a weight)
 * and recent feed use are recorded.
 */
export function feedStockOf(
  boughtLbs: number,
  usedLbs: number,
  recentUsedLbs: number,
  rateDays: number = FEED_RATE_DAYS,
): FeedStock | null {
  if (boughtLbs <= 0 || recentUsedLbs <= 0 || rateDays <= 0) return null;
  const stockLbs = boughtLbs - usedLbs;
  const dailyUseLbs = recentUsedLbs / rateDays;
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return {
    boughtLbs: round1(boughtLbs),
    usedLbs: round1(usedLbs),
    stockLbs: round1(stockLbs),
    dailyUseLbs: round1(dailyUseLbs),
    daysLeft: stockLbs <= 0 ? 0 : Math.floor(stockLbs / dailyUseLbs),
  };
}

/** The months ('YYYY-MM') from `from`'s month to `to`'s month, in order. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const endY = Number(to.slice(0, 4));
  const endM = Number(to.slice(5, 7));
  while (y < endY || (y === endY && m <= endM)) {
    out.push(`${y}-${String(m).padStart(2, "0")}`);
    if (++m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

/** One sum from the database: a type, category and month with its amount (and eggs sold). */
export type MoneySum = {
  type: TransactionType;
  category: TransactionCategory;
  month: string;
  amount: number;
  /** Whether the amount belongs to the cost per dozen (a laying flock's, or the farm's with no flock). */
  laying: boolean;
  eggsSold: number;
};

export type EggMonth = { month: string; laid: number; withheld: number };

export type MoneyTotals = {
  income: number;
  expenses: number;
  net: number;
  layingExpenses: number;
  costPerDozen: number | null;
  eggsLaid: number;
  eggsWithheld: number;
  eggsSaleable: number;
  eggsSold: number;
  incomeByCategory: { category: IncomeCategory; amount: number }[];
  expensesByCategory: { category: ExpenseCategory; amount: number }[];
  months: {
    month: string;
    income: number;
    expenses: number;
    net: number;
    eggsLaid: number;
    eggsSold: number;
  }[];
};

/** Totals, categories, cost per dozen and the monthly series from the period's sums. */
export function moneySummaryOf(
  from: string,
  to: string,
  sums: readonly MoneySum[],
  eggs: readonly EggMonth[],
): MoneyTotals {
  const months = new Map(
    monthsBetween(from, to).map((month) => [
      month,
      { month, income: 0, expenses: 0, net: 0, eggsLaid: 0, eggsSold: 0 },
    ]),
  );
  const byIncome = new Map<IncomeCategory, number>();
  const byExpense = new Map<ExpenseCategory, number>();
  let income = 0;
  let expenses = 0;
  let layingExpenses = 0;
  let eggsSold = 0;
  for (const s of sums) {
    const m = months.get(s.month);
    if (s.type === "income") {
      income += s.amount;
      const c = s.category as IncomeCategory;
      byIncome.set(c, (byIncome.get(c) ?? 0) + s.amount);
      if (m) m.income += s.amount;
    } else {
      expenses += s.amount;
      if (s.laying) layingExpenses += s.amount;
      const c = s.category as ExpenseCategory;
      byExpense.set(c, (byExpense.get(c) ?? 0) + s.amount);
      if (m) m.expenses += s.amount;
    }
    eggsSold += s.eggsSold;
    if (m) m.eggsSold += s.eggsSold;
  }
  let eggsLaid = 0;
  let eggsWithheld = 0;
  for (const e of eggs) {
    eggsLaid += e.laid;
    eggsWithheld += e.withheld;
    const m = months.get(e.month);
    if (m) m.eggsLaid += e.laid;
  }
  const eggsSaleable = saleableEggs(eggsLaid, eggsWithheld);
  return {
    income: roundMoney(income),
    expenses: roundMoney(expenses),
    net: roundMoney(income - expenses),
    layingExpenses: roundMoney(layingExpenses),
    costPerDozen: costPerDozen(layingExpenses, eggsSaleable),
    eggsLaid,
    eggsWithheld,
    eggsSaleable,
    eggsSold,
    incomeByCategory: INCOME_CATEGORIES.filter((c) => byIncome.has(c)).map((category) => ({
      category,
      amount: roundMoney(byIncome.get(category)!),
    })),
    expensesByCategory: EXPENSE_CATEGORIES.filter((c) => byExpense.has(c)).map((category) => ({
      category,
      amount: roundMoney(byExpense.get(category)!),
    })),
    months: [...months.values()].map((m) => ({
      ...m,
      income: roundMoney(m.income),
      expenses: roundMoney(m.expenses),
      net: roundMoney(m.income - m.expenses),
    })),
  };
}

/** Currency codes (ISO 4217) the runtime knows; a keeper's currency must be one of them. */
export const CURRENCIES: readonly string[] = (() => {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: "currency") => string[] };
  const list = intl.supportedValuesOf?.("currency") ?? [];
  // A runtime without the list still knows the common ones.
  return list.length > 0
    ? list
    : ["USD", "EUR", "GBP", "CAD", "AUD", "NZD", "ZAR", "INR", "CHF", "SEK", "NOK", "DKK", "JPY"];
})();
export const DEFAULT_CURRENCY = "USD";
export const isKnownCurrency = (code: string) => CURRENCIES.includes(code);

/** An amount as money in a currency ("$12.50"), for display. */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}
