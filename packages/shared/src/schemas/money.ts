import { z } from "zod";
import { isoDate, notFutureDate } from "./common";
import { recordAuthorship } from "./farm";
import {
  EXPENSE_CATEGORIES,
  INCOME_CATEGORIES,
  MAX_AMOUNT,
  TRANSACTION_TYPES,
  TRANSACTION_UNITS,
  isKnownCurrency,
} from "../domain/money";

/*
 * Money (issue 20 items 6-8): transactions (`/api/transactions`) and the money view
 * (`/api/money/summary`, `/api/money/export`). Owners and keepers only: helpers get 403.
 * What counts where, and why nothing is counted twice: domain/money.ts.
 */

export const MONEY_MESSAGES = {
  type: "Type must be expense or income",
  expenseCategory: `An expense's category must be one of ${EXPENSE_CATEGORIES.join(", ")}`,
  incomeCategory: `An income's category must be one of ${INCOME_CATEGORIES.join(", ")}`,
  amountNumber: "Amount must be a number",
  amountPositive: "Amount must be more than 0",
  amountMax: `Amount must be at most ${MAX_AMOUNT.toLocaleString("en-US")}`,
  quantityNumber: "Quantity must be a number",
  quantityPositive: "Quantity must be more than 0",
  quantityMax: "Quantity must be at most 1,000,000",
  unit: `Unit must be one of ${TRANSACTION_UNITS.join(", ")}`,
  unitWithoutQuantity: "Give a quantity with the unit",
  quantityWithoutUnit: "Give a unit with the quantity",
  currency: "Unknown currency: use a three-letter ISO 4217 code such as USD, EUR or GBP",
  tooEarly: "Date cannot be before 1900-01-01",
  endBeforeStart: "The end date (to) cannot be before the start date (from)",
  periodTooLong: "The period can be at most 20 years",
} as const;

const blankToUndefined = (v: unknown) =>
  v === "" || (typeof v === "string" && v.trim() === "") ? undefined : v;
const blankToNull = (v: unknown) =>
  v === "" || (typeof v === "string" && v.trim() === "") ? null : v;
const numeric = (v: unknown) => {
  const b = blankToUndefined(v);
  return typeof b === "string" && Number.isFinite(Number(b)) ? Number(b) : b;
};

export const transactionType = z.enum(TRANSACTION_TYPES, { error: MONEY_MESSAGES.type });
export const transactionUnit = z.enum(TRANSACTION_UNITS, { error: MONEY_MESSAGES.unit });
const allCategories = [...new Set([...EXPENSE_CATEGORIES, ...INCOME_CATEGORIES])] as [
  string,
  ...string[],
];
export const transactionCategory = z.enum(
  allCategories as [
    (typeof EXPENSE_CATEGORIES)[number] | (typeof INCOME_CATEGORIES)[number],
    ...((typeof EXPENSE_CATEGORIES)[number] | (typeof INCOME_CATEGORIES)[number])[],
  ],
  { error: `Category must be one of ${allCategories.join(", ")}` },
);

/** A three-letter code the runtime knows (upper-cased first). */
export const currencyCode = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
  z
    .string({ error: MONEY_MESSAGES.currency })
    .regex(/^[A-Z]{3}$/, { message: MONEY_MESSAGES.currency })
    .refine(isKnownCurrency, { message: MONEY_MESSAGES.currency }),
);

const recordDate = z.preprocess(
  (v) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : v),
  notFutureDate().refine((d) => d >= "1900-01-01", { message: MONEY_MESSAGES.tooEarly }),
);

const amount = z.preprocess(
  numeric,
  z
    .number({ error: MONEY_MESSAGES.amountNumber })
    .positive({ message: MONEY_MESSAGES.amountPositive })
    .max(MAX_AMOUNT, { message: MONEY_MESSAGES.amountMax }),
);

const quantity = z.preprocess(
  numeric,
  z
    .number({ error: MONEY_MESSAGES.quantityNumber })
    .positive({ message: MONEY_MESSAGES.quantityPositive })
    .max(1_000_000, { message: MONEY_MESSAGES.quantityMax })
    .nullish(),
);

const notes = z.preprocess(
  blankToNull,
  z
    .string({ error: "Notes must be text" })
    .trim()
    .max(2000, { message: "Notes must be at most 2000 characters" })
    .nullish(),
);

const flockId = z.preprocess(blankToNull, z.uuid({ message: "Invalid flock id" }).nullish());

/** The category must be one of its type's. */
function categoryFits(
  b: { type?: string; category?: string },
  ctx: z.RefinementCtx,
  required: boolean,
) {
  if (!b.type || !b.category) return;
  const list: readonly string[] = b.type === "income" ? INCOME_CATEGORIES : EXPENSE_CATEGORIES;
  if (!list.includes(b.category) && required) {
    ctx.addIssue({
      code: "custom",
      path: ["category"],
      message: b.type === "income" ? MONEY_MESSAGES.incomeCategory : MONEY_MESSAGES.expenseCategory,
    });
  }
}

/** Quantity and unit go together. */
function quantityFits(b: { quantity?: number | null; unit?: string | null }, ctx: z.RefinementCtx) {
  const hasQ = b.quantity !== undefined && b.quantity !== null;
  const hasU = b.unit !== undefined && b.unit !== null;
  if (hasQ && !hasU)
    ctx.addIssue({ code: "custom", path: ["unit"], message: MONEY_MESSAGES.quantityWithoutUnit });
  if (hasU && !hasQ)
    ctx.addIssue({
      code: "custom",
      path: ["quantity"],
      message: MONEY_MESSAGES.unitWithoutQuantity,
    });
}

const transactionFields = {
  type: transactionType,
  category: transactionCategory,
  date: recordDate,
  amount,
  /** Optional: must be the keeper's currency (settings); omitted = the keeper's. */
  currency: currencyCode.optional(),
  flockId,
  quantity,
  unit: z.preprocess(blankToNull, transactionUnit.nullish()),
  notes,
};

/** `POST /api/transactions`. */
export const createTransactionBody = z
  .object(transactionFields)
  .strict()
  .superRefine((b, ctx) => {
    categoryFits(b, ctx, true);
    quantityFits(b, ctx);
  });
export type CreateTransactionBody = z.input<typeof createTransactionBody>;

/**
 * `PATCH /api/transactions/{id}`: any subset; `flockId`, `quantity`+`unit` and `notes` can be
 * cleared with null. A changed type or category is checked against the stored record by the server.
 */
export const updateTransactionBody = z
  .object(transactionFields)
  .partial()
  .strict()
  .superRefine((b, ctx) => {
    categoryFits(b, ctx, true);
    // Only when either is named: clearing both with null is fine.
    if (b.quantity !== undefined || b.unit !== undefined) quantityFits(b, ctx);
  });
export type UpdateTransactionBody = z.input<typeof updateTransactionBody>;

export const transaction = z.object({
  id: z.uuid(),
  ...recordAuthorship,
  type: transactionType,
  category: transactionCategory,
  date: z.string(),
  amount: z.number(),
  currency: z.string(),
  flockId: z.string().nullable(),
  flockName: z.string().nullable(),
  quantity: z.number().nullable(),
  unit: transactionUnit.nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transaction>;

/** A period (both ends included), optionally one flock's. `to` defaults to today, `from` to a year before. */
export const moneyQuery = z
  .object({
    from: z.preprocess(blankToUndefined, isoDate.optional()),
    to: z.preprocess(blankToUndefined, isoDate.optional()),
    flockId: z.preprocess(blankToUndefined, z.uuid({ message: "Invalid flock id" }).optional()),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from)
      ctx.addIssue({ code: "custom", path: ["to"], message: MONEY_MESSAGES.endBeforeStart });
    if (q.from && q.from < "1900-01-01")
      ctx.addIssue({ code: "custom", path: ["from"], message: MONEY_MESSAGES.tooEarly });
  });
export type MoneyQuery = z.input<typeof moneyQuery>;

/** Most transactions one list answers (the newest of the period). */
export const TRANSACTION_LIST_LIMIT = 2000;

/**
 * `GET /api/transactions` answer: the period's transactions, newest first, at most
 * `TRANSACTION_LIST_LIMIT`. `total` counts all of the period's; `truncated` says the list stops
 * short of it (the summary and the CSV still count them all).
 */
export const transactionList = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  items: z.array(transaction),
  total: z.number().int(),
  truncated: z.boolean(),
});
export type TransactionList = z.infer<typeof transactionList>;

const categoryAmount = <T extends z.ZodType>(category: T) =>
  z.object({ category, amount: z.number() });

/** `GET /api/money/summary` answer. */
export const moneySummary = z.object({
  from: z.string(),
  to: z.string(),
  flockId: z.string().nullable(),
  /** The keeper's currency (settings): every amount below is in it. */
  currency: z.string(),
  income: z.number(),
  expenses: z.number(),
  net: z.number(),
  /** Expenses of laying flocks (and of the farm with no flock) / saleable dozens; null without eggs. */
  costPerDozen: z.number().nullable(),
  /** The expenses that went into the cost per dozen. */
  layingExpenses: z.number(),
  eggsLaid: z.number(),
  /** Eggs laid during an egg withdrawal (counted as laid, not as saleable). */
  eggsWithheld: z.number(),
  eggsSaleable: z.number(),
  /** Eggs in the period's egg sales (quantity in eggs, dozens or trays of 30). */
  eggsSold: z.number(),
  incomeByCategory: z.array(categoryAmount(z.enum(INCOME_CATEGORIES))),
  expensesByCategory: z.array(categoryAmount(z.enum(EXPENSE_CATEGORIES))),
  months: z.array(
    z.object({
      month: z.string(),
      income: z.number(),
      expenses: z.number(),
      net: z.number(),
      eggsLaid: z.number(),
      eggsSold: z.number(),
    }),
  ),
  /** Feed left from purchases minus feed records, when both are recorded; else null. */
  feedStock: z
    .object({
      boughtLbs: z.number(),
      usedLbs: z.number(),
      stockLbs: z.number(),
      dailyUseLbs: z.number(),
      daysLeft: z.number(),
    })
    .nullable(),
  /** Transactions in another currency than the keeper's (not summed), by currency. */
  otherCurrencies: z.array(z.object({ currency: z.string(), count: z.number() })),
});
export type MoneySummary = z.infer<typeof moneySummary>;
