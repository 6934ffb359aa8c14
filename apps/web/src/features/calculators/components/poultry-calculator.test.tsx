import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render as rtlRender, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CoopCalculator } from "./coop-calculator";
import { EggCalculator } from "./egg-calculator";
import { FeedCalculator } from "./feed-calculator";
import { PoultryCalculator } from "./poultry-calculator";

// The feed calculator reads the keeper's units; signed out here, so the device's (lbs by default).
function render(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return rtlRender(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

beforeEach(() => {
  const signedOut = {
    statusCode: 401,
    code: "UNAUTHORIZED",
    message: "Please sign in to continue",
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(JSON.stringify(signedOut), {
          status: 401,
          headers: { "content-type": "application/json" },
        }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Letters, negatives, numbers too big for a double, and huge but finite numbers. */
const BAD_INPUTS = ["abc", "-5", "1e400", "99999999999999999999999", "12abc", "."];

async function type(label: string, value: string) {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  if (value) await userEvent.type(field, value);
}

function expectNoNaNOrInfinity(container: HTMLElement) {
  expect(container.textContent).not.toMatch(/NaN|Infinity|∞/);
}

describe("PoultryCalculator", () => {
  it("opens on the feed tab, offers eggs and coop, and shows the tips", () => {
    render(<PoultryCalculator />);
    expect(screen.getByRole("tab", { name: "Feed" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Eggs" })).toHaveAttribute("aria-selected", "false");
    expect(screen.getByRole("tab", { name: "Coop" })).toBeInTheDocument();
    expect(screen.getByLabelText("Price of a 50 lb bag of feed ($)")).toBeInTheDocument();
  });
});

describe("FeedCalculator", () => {
  it("defaults to standard consumption and updates as the keeper types", async () => {
    const { container } = render(<FeedCalculator />);
    expect(screen.getByLabelText("Daily consumption per bird")).toHaveValue("0.25");
    expect(screen.getByTestId("feed-daily").textContent).toBe("$0.00");
    await type("Number of birds", "10");
    await type("Price of a 50 lb bag of feed ($)", "20");
    expect(screen.getByTestId("feed-daily").textContent).toBe("$1.00");
    expect(screen.getByTestId("feed-monthly").textContent).toBe("$30.00");
    expect(screen.getByTestId("feed-yearly").textContent).toBe("$365.00");
    await userEvent.selectOptions(screen.getByLabelText("Daily consumption per bird"), "0.15");
    expect(screen.getByTestId("feed-daily").textContent).toBe("$0.60");
    expectNoNaNOrInfinity(container);
  });

  it("never shows NaN or Infinity for bad input in any field", async () => {
    const { container } = render(<FeedCalculator />);
    await type("Number of birds", "10");
    await type("Price of a 50 lb bag of feed ($)", "20");
    for (const bad of BAD_INPUTS) {
      await type("Number of birds", bad);
      expectNoNaNOrInfinity(container);
      await type("Number of birds", "10");
      await type("Price of a 50 lb bag of feed ($)", bad);
      expectNoNaNOrInfinity(container);
      await type("Price of a 50 lb bag of feed ($)", "20");
    }
    // Letters and negatives count as 0.
    await type("Number of birds", "-5");
    expect(screen.getByTestId("feed-yearly").textContent).toBe("$0.00");
    await type("Number of birds", "10");
    await type("Price of a 50 lb bag of feed ($)", "abc");
    expect(screen.getByTestId("feed-yearly").textContent).toBe("$0.00");
  });
});

describe("EggCalculator", () => {
  it("defaults to 70% and $0.30, shows eggs without decimals and money with two", async () => {
    const { container } = render(<EggCalculator />);
    expect(screen.getByLabelText("Laying rate")).toHaveValue("70");
    expect(screen.getByLabelText("Price per egg ($)")).toHaveValue("0.30");
    await type("Number of laying hens", "3");
    // 3 x 70% = 2.1 a day -> "2 eggs", worth $0.63
    expect(screen.getByTestId("eggs-daily").textContent).toBe("2 eggs");
    expect(screen.getByTestId("eggs-daily-value").textContent).toBe("$0.63");
    expect(screen.getByTestId("eggs-weekly").textContent).toBe("15 eggs");
    expect(screen.getByTestId("eggs-monthly").textContent).toBe("63 eggs");
    expect(screen.getByTestId("eggs-yearly").textContent).toBe("767 eggs");
    expect(screen.getByTestId("eggs-yearly-value").textContent).toBe("$229.95");
    await userEvent.selectOptions(screen.getByLabelText("Laying rate"), "95");
    expect(screen.getByTestId("eggs-weekly").textContent).toBe("20 eggs");
    expectNoNaNOrInfinity(container);
  });

  it("falls back to $0.30 for a zero or bad price and never shows NaN or Infinity", async () => {
    const { container } = render(<EggCalculator />);
    await type("Number of laying hens", "10");
    for (const price of ["0", "", "abc", "-1"]) {
      await type("Price per egg ($)", price);
      expect(screen.getByTestId("eggs-daily-value").textContent).toBe("$2.10");
    }
    for (const bad of BAD_INPUTS) {
      await type("Number of laying hens", bad);
      expectNoNaNOrInfinity(container);
      await type("Number of laying hens", "10");
      await type("Price per egg ($)", bad);
      expectNoNaNOrInfinity(container);
    }
    await type("Number of laying hens", "abc");
    expect(screen.getByTestId("eggs-yearly").textContent).toBe("0 eggs");
  });
});

describe("CoopCalculator", () => {
  // 12 birds, basic housing: coop, run, nest boxes, roosting bar (spec section 9 table).
  const TWELVE_BIRDS: Array<[string, string, string, string, string]> = [
    ["chickens", "48 sq ft", "120 sq ft", "3", "9 ft"],
    ["ducks", "72 sq ft", "240 sq ft", "2", "Ground-dwelling species - no perches needed"],
    ["geese", "180 sq ft", "600 sq ft", "4", "Ground-dwelling species - no perches needed"],
    ["turkeys", "96 sq ft", "300 sq ft", "3", "9 ft"],
    ["guinea_fowl", "36 sq ft", "180 sq ft", "2", "9 ft"],
    ["quail", "12 sq ft", "24 sq ft", "1", "Ground-dwelling species - no perches needed"],
    ["peacocks", "2,400 sq ft", "12,000 sq ft", "6", "9 ft"],
    ["emus", "0 sq ft", "24,000 sq ft", "12", "Ground-dwelling species - no perches needed"],
    ["ostriches", "0 sq ft", "48,000 sq ft", "12", "Ground-dwelling species - no perches needed"],
  ];

  it("offers all nine species, chickens and basic housing by default", () => {
    render(<CoopCalculator />);
    const species = screen.getByLabelText("Species") as HTMLSelectElement;
    expect([...species.options].map((o) => o.value)).toEqual(TWELVE_BIRDS.map((r) => r[0]));
    expect(species).toHaveValue("chickens");
    expect(screen.getByLabelText("Housing style")).toHaveValue("basic");
  });

  it.each(TWELVE_BIRDS)("12 %s -> %s coop, %s run, %s nest boxes, %s", async (...row) => {
    const [species, coop, run, nests, roost] = row;
    render(<CoopCalculator />);
    await userEvent.selectOptions(screen.getByLabelText("Species"), species);
    await type("Number of birds", "12");
    expect(screen.getByTestId("coop-space").textContent).toBe(coop);
    expect(screen.getByTestId("coop-run").textContent).toBe(run);
    expect(screen.getByTestId("coop-nest-boxes").textContent).toBe(nests);
    expect(screen.getByTestId("coop-roost").textContent).toBe(roost);
  });

  it("scales coop and run by housing style (compact 0.75, premium 1.5), rounding up", async () => {
    render(<CoopCalculator />);
    await type("Number of birds", "5");
    await userEvent.selectOptions(screen.getByLabelText("Housing style"), "compact");
    // 5 x 4 x 0.75 = 15; run 5 x 10 x 0.75 = 37.5 -> 38; roost 5 x 0.75 = 3.75 -> 4
    expect(screen.getByTestId("coop-space").textContent).toBe("15 sq ft");
    expect(screen.getByTestId("coop-run").textContent).toBe("38 sq ft");
    expect(screen.getByTestId("coop-nest-boxes").textContent).toBe("2");
    expect(screen.getByTestId("coop-roost").textContent).toBe("4 ft");
    await userEvent.selectOptions(screen.getByLabelText("Housing style"), "premium");
    expect(screen.getByTestId("coop-space").textContent).toBe("30 sq ft");
    expect(screen.getByTestId("coop-run").textContent).toBe("75 sq ft");
  });

  it("never shows NaN or Infinity for bad input", async () => {
    const { container } = render(<CoopCalculator />);
    for (const bad of BAD_INPUTS) {
      await type("Number of birds", bad);
      expectNoNaNOrInfinity(container);
    }
    await type("Number of birds", "-3");
    expect(screen.getByTestId("coop-space").textContent).toBe("0 sq ft");
    expect(screen.getByTestId("coop-nest-boxes").textContent).toBe("0");
  });
});
