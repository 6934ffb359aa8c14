import { describe, expect, it } from "vitest";
import {
  LBS_PER_KG,
  costPerDozen,
  eggsInQuantity,
  feedLbsInQuantity,
  feedStockOf,
  isKnownCurrency,
  moneySummaryOf,
  monthsBetween,
  roundMoney,
  saleableEggs,
  type MoneySum,
} from "./money";

describe("cost per dozen", () => {
  it("is laying expenses / (saleable eggs / 12), to the cent", () => {
    // 35 spent, 60 eggs = 5 dozen: 7 a dozen.
    expect(costPerDozen(35, 60)).toBe(7);
    // 10 spent, 36 eggs = 3 dozen: 3.333... -> 3.33.
    expect(costPerDozen(10, 36)).toBe(3.33);
    // 20 spent, 30 eggs = 2.5 dozen: 8.
    expect(costPerDozen(20, 30)).toBe(8);
  });

  it("is null without saleable eggs", () => {
    expect(costPerDozen(50, 0)).toBeNull();
    expect(costPerDozen(50, saleableEggs(10, 12))).toBeNull();
  });

  it("counts withheld eggs as laid, not as saleable", () => {
    expect(saleableEggs(60, 24)).toBe(36);
    expect(costPerDozen(30, saleableEggs(60, 24))).toBe(10);
  });
});

describe("quantities", () => {
  it("turns egg sales into eggs: dozens x 12, trays x 30", () => {
    expect(eggsInQuantity(3, "dozen")).toBe(36);
    expect(eggsInQuantity(2, "tray_30")).toBe(60);
    expect(eggsInQuantity(7, "egg")).toBe(7);
    expect(eggsInQuantity(3, "kg")).toBe(0);
    expect(eggsInQuantity(null, null)).toBe(0);
  });

  it("turns feed purchases into pounds", () => {
    expect(feedLbsInQuantity(2, "bag_50lb")).toBe(100);
    expect(feedLbsInQuantity(1, "bag_25kg")).toBeCloseTo(25 * LBS_PER_KG, 10);
    expect(feedLbsInQuantity(10, "kg")).toBeCloseTo(22.0462, 10);
    expect(feedLbsInQuantity(4, "dozen")).toBe(0);
  });
});

describe("feed stock", () => {
  it("is bought minus used, lasting stock / (recent use / 14) days", () => {
    // 100 lbs bought, 30 used, 28 of them in the last 14 days: 2 lbs a day, 70 lbs = 35 days.
    expect(feedStockOf(100, 30, 28)).toEqual({
      boughtLbs: 100,
      usedLbs: 30,
      stockLbs: 70,
      dailyUseLbs: 2,
      daysLeft: 35,
    });
  });

  it("is 0 days when used up, and null unless purchases and recent use are both recorded", () => {
    expect(feedStockOf(10, 14, 14)!.daysLeft).toBe(0);
    expect(feedStockOf(0, 14, 14)).toBeNull();
    expect(feedStockOf(100, 50, 0)).toBeNull();
  });
});

describe("months", () => {
  it("lists every month of a period, across years", () => {
    expect(monthsBetween("2025-11-20", "2026-02-03")).toEqual([
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
    ]);
    expect(monthsBetween("2026-03-01", "2026-03-31")).toEqual(["2026-03"]);
  });
});

describe("money summary", () => {
  const sum = (
    s: Partial<MoneySum> & Pick<MoneySum, "type" | "category" | "amount">,
  ): MoneySum => ({
    month: "2026-01",
    laying: true,
    eggsSold: 0,
    ...s,
  });

  it("adds income and expenses by category and month, net = income - expenses", () => {
    const s = moneySummaryOf(
      "2026-01-01",
      "2026-02-28",
      [
        sum({ type: "income", category: "eggs", amount: 15, eggsSold: 36 }),
        sum({ type: "income", category: "birds", amount: 40, month: "2026-02" }),
        sum({ type: "expense", category: "feed", amount: 20 }),
        sum({ type: "expense", category: "feed", amount: 5.1, month: "2026-02" }),
        sum({ type: "expense", category: "housing", amount: 100, laying: false }),
      ],
      [
        { month: "2026-01", laid: 40, withheld: 0 },
        { month: "2026-02", laid: 32, withheld: 12 },
      ],
    );
    expect(s.income).toBe(55);
    expect(s.expenses).toBe(125.1);
    expect(s.net).toBe(-70.1);
    expect(s.layingExpenses).toBe(25.1);
    // 72 laid, 12 withheld: 60 saleable = 5 dozen; 25.10 / 5 = 5.02.
    expect(s.eggsSaleable).toBe(60);
    expect(s.costPerDozen).toBe(5.02);
    expect(s.eggsSold).toBe(36);
    expect(s.incomeByCategory).toEqual([
      { category: "eggs", amount: 15 },
      { category: "birds", amount: 40 },
    ]);
    expect(s.expensesByCategory).toEqual([
      { category: "feed", amount: 25.1 },
      { category: "housing", amount: 100 },
    ]);
    expect(s.months).toEqual([
      { month: "2026-01", income: 15, expenses: 120, net: -105, eggsLaid: 40, eggsSold: 36 },
      { month: "2026-02", income: 40, expenses: 5.1, net: 34.9, eggsLaid: 32, eggsSold: 0 },
    ]);
  });

  it("rounds sums to cents", () => {
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(1.005)).toBe(1.01);
  });
});

describe("currencies", () => {
  it("knows ISO 4217 codes and refuses made-up ones", () => {
    expect(isKnownCurrency("USD")).toBe(true);
    expect(isKnownCurrency("EUR")).toBe(true);
    expect(isKnownCurrency("XYZ")).toBe(false);
    expect(isKnownCurrency("usd")).toBe(false);
  });
});
