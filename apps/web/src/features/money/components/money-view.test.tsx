import { cleanup, fireEvent, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { moneySummary, transactionList } from "@flockkeeper/shared/schemas/money";
import { fakeApi, renderWithClient } from "@/test/fake-api";
import { farmListFixture, fixtureId } from "@/test/fixtures";
import { MoneyView } from "./money-view";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = {
  id: fixtureId(),
  email: "ada@example.com",
  firstName: "Ada",
  lastName: null,
  profileImageUrl: null,
};

const summary = moneySummary.parse({
  from: "2026-01-01",
  to: "2026-01-31",
  flockId: null,
  currency: "USD",
  income: 15,
  expenses: 20,
  net: -5,
  costPerDozen: 4,
  layingExpenses: 20,
  eggsLaid: 60,
  eggsWithheld: 0,
  eggsSaleable: 60,
  eggsSold: 36,
  incomeByCategory: [{ category: "eggs", amount: 15 }],
  expensesByCategory: [{ category: "feed", amount: 20 }],
  months: [{ month: "2026-01", income: 15, expenses: 20, net: -5, eggsLaid: 60, eggsSold: 36 }],
  feedStock: { boughtLbs: 55.1, usedLbs: 10, stockLbs: 45.1, dailyUseLbs: 0.7, daysLeft: 63 },
  otherCurrencies: [],
});
const list = transactionList.parse({
  from: "2026-01-01",
  to: "2026-01-31",
  currency: "USD",
  items: [],
  total: 0,
  truncated: false,
});

function api(role: "owner" | "helper") {
  const farms = farmListFixture([["Home flock", role]]);
  return fakeApi(({ url }) => {
    if (url === "/api/auth/user") return [200, user];
    if (url === "/api/farms") return [200, farms];
    if (url.startsWith("/api/flocks")) return [200, []];
    if (url.startsWith("/api/money/summary")) return [200, summary];
    if (url.startsWith("/api/transactions")) return [200, list];
    return undefined;
  });
}

describe("MoneyView", () => {
  it("shows an owner the tiles, feed stock and the CSV link for the period", async () => {
    api("owner");
    renderWithClient(
      <MemoryRouter>
        <MoneyView />
      </MemoryRouter>,
    );
    // Up to 10 s: the first render of the page and its chart is slow on a busy machine.
    const cost = await screen.findByRole("group", { name: "Cost per dozen" }, { timeout: 10_000 });
    expect(cost).toHaveTextContent("$4.00");
    expect(cost).toHaveTextContent("5 saleable dozen");
    expect(screen.getByRole("group", { name: "Net" })).toHaveTextContent("A loss");
    expect(screen.getByText(/63 days/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toMatch(
      /^\/api\/money\/export\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
    );
    // Choosing dates with the end before the start is said at once, and nothing is asked.
    fireEvent.change(screen.getByLabelText("Period"), { target: { value: "custom" } });
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-02-01" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-01-01" } });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The end date cannot be before the start date.",
    );
  });

  it("asks nothing of the server for a helper and says money is for owners and keepers", async () => {
    const calls = api("helper");
    renderWithClient(
      <MemoryRouter>
        <MoneyView />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/is for the farm's owners and keepers/)).toBeInTheDocument();
    expect(
      calls.calls.some((c) => c.url.includes("/api/money") || c.url.includes("/api/transactions")),
    ).toBe(false);
  });
});
