import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./helpers";

/*
 * A keeper hatches Muscovy ducks on a phone (360 px): 24 eggs set today (35 days), candled on
 * day 10, lockdown on day 32 (on the hatch card and on Today), 17 hatched on day 35 and added as a
 * new flock of 17. The journey starts 35 days ago on the browser's clock and walks forward to the
 * real today, so the hatch day is today for the browser and the server alike: every record is
 * dated in the past or today, and the server's own "not in the future" checks hold unchanged.
 * Hatch and task calls carry the keeper's local date (?today=, ?date=), so the server counts from it.
 */
test.use({ viewport: { width: 360, height: 780 } });

const dayMs = 86_400_000;
/** 'YYYY-MM-DD' of the keeper's local date, `offsetDays` from the real today. */
const localDate = (offsetDays = 0) => {
  const d = new Date(Date.now() + offsetDays * dayMs);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};
/** Local noon `offsetDays` from today, so the clock never sits near midnight. */
const noonIn = (offsetDays: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offsetDays);
  d.setHours(12, 0, 0, 0);
  return d;
};
/** A day as the page shows it: the keeper's locale, the short form of apps/web/src/lib/dates.ts. */
const shownDay = async (page: Page, offsetDays: number) => {
  const locales = await page.evaluate(() => [...navigator.languages]);
  return new Intl.DateTimeFormat(locales, {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${localDate(offsetDays)}T00:00:00Z`));
};
/** Day `n` of the incubation, as an offset from the real today (day 35, the hatch, is today). */
const day = (n: number) => n - 35;
const pct = (part: number, whole: number) => `${Math.round((part / whole) * 1000) / 10}%`;

async function openHatchTab(page: Page) {
  await page.goto("/chicken-tracker");
  await page.getByRole("tab", { name: "My Flock" }).click();
  await page.getByRole("tab", { name: "Hatch Countdown" }).click();
}

async function noSideScroll(page: Page) {
  const { overflow, wide } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // The widest elements past the right edge name what to fix when this fails.
    const fixed = (el: Element | null): boolean =>
      !!el && (getComputedStyle(el).position === "fixed" || fixed(el.parentElement));
    const wide = Array.from(document.querySelectorAll("body *"))
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter((x) => x.right > width + 0.5 && !fixed(x.el))
      .slice(-3)
      .map((x) => `${x.el.tagName.toLowerCase()}.${x.el.className} (${Math.round(x.right)} px)`);
    return { overflow: document.documentElement.scrollWidth - width, wide };
  });
  expect(overflow, `no horizontal scrolling at 360 px: ${wide.join(", ")}`).toBeLessThanOrEqual(0);
}

test("24 Muscovy eggs: countdown, candling on day 10, lockdown on day 32 (card and Today), 17 hatched into a new flock of 17, history per breed and breeder pair", async ({
  page,
}) => {
  await signIn(page, { name: "Grace Hopper" });
  // The breeding pair: a Muscovy drake and duck of the farm.
  for (const [name, sex] of [
    ["Boris", "male"],
    ["Maud", "female"],
  ]) {
    const res = await page.request.post("/api/chickens", {
      data: { name, breed: "Muscovy", species: "duck", sex },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.clock.setFixedTime(noonIn(day(0)));
  await openHatchTab(page);

  // Day 0: set 24 Muscovy eggs with the Muscovy profile.
  await page.getByRole("button", { name: "Start New Hatch" }).click();
  let dialog = page.getByRole("dialog", { name: "Start New Hatch" });
  await dialog.getByLabel("Egg Source").fill("Neighbour's drake");
  await dialog.getByLabel("Species").selectOption("duck");
  await dialog.getByLabel("Incubation profile").selectOption({ label: "Muscovy (35 days)" });
  await expect(dialog.getByTestId("profile-facts")).toContainText("Lockdown on day 32");
  await dialog.getByLabel("Breed (Optional)").fill("Muscovy");
  await dialog.getByLabel("Incubator (optional)").fill("Brinsea left");
  await dialog.getByLabel("Eggs set (optional)").fill("24");
  await dialog.getByLabel("Sire").selectOption({ label: "Boris" });
  await dialog.getByLabel("Dam").selectOption({ label: "Maud" });
  await expect(dialog.getByTestId("expected-hatch")).toHaveText(
    `Expected hatch: ${localDate(day(35))}`,
  );
  await dialog.getByRole("button", { name: "Start Tracking" }).click();
  await expect(
    page.getByText("Your egg incubation tracking has been started!", { exact: true }),
  ).toBeVisible();
  const card = page.getByTestId("hatch-card");
  await expect(card).toContainText("Brinsea left");
  await expect(card.getByTestId("hatch-countdown")).toHaveText("35 days");
  await expect(card).toContainText("Day 0 of 35");
  await expect(card.getByTestId("hatch-task")).toContainText("Turn the eggs");
  await expect(card.getByTestId("hatch-task")).toContainText(
    `Lockdown on day 32 (${localDate(day(32))})`,
  );
  await noSideScroll(page);

  // Day 10: candle, 20 fertile and 4 clear.
  await page.clock.setFixedTime(noonIn(day(10)));
  await openHatchTab(page);
  await expect(card.getByTestId("hatch-countdown")).toHaveText("25 days");
  await expect(card.getByTestId("hatch-task")).toContainText("Candle the eggs today (day 10).");
  await card.getByRole("button", { name: "Candle" }).click();
  dialog = page.getByRole("dialog", { name: "Record candling" });
  await expect(dialog.getByLabel("Date")).toHaveValue(localDate(day(10)));
  await expect(dialog).toContainText("Day 10 of 35");
  // More than were set is refused before anything is sent.
  await dialog.getByLabel("Fertile").fill("22");
  await dialog.getByLabel("Clear").fill("4");
  await dialog.getByRole("button", { name: "Save candling" }).click();
  await expect(
    dialog.getByText("Fertile and clear eggs cannot be more than the 24 eggs set"),
  ).toBeVisible();
  await dialog.getByLabel("Fertile").fill("20");
  await expect(dialog.getByTestId("candling-developing")).toContainText("Still developing: 20");
  await dialog.getByRole("button", { name: "Save candling" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByTestId("hatch-candling")).toHaveText(
    `Last candling (day 10): 20 fertile, 4 clear, 0 quitters · 20 still developing · fertility ${pct(20, 24)}`,
  );
  await noSideScroll(page);

  // Day 32: lockdown.
  await page.clock.setFixedTime(noonIn(day(32)));
  await openHatchTab(page);
  await expect(card.getByTestId("hatch-countdown")).toHaveText("3 days");
  await expect(card.getByTestId("hatch-badge")).toHaveText("Incubating");
  await expect(card.getByTestId("hatch-task")).toContainText(
    "Lockdown today: stop turning and raise the humidity.",
  );
  await expect(card.getByTestId("hatch-task")).not.toContainText("Turn the eggs");
  // Today (issue 22) lists the same lockdown task for the keeper's day 32.
  await page.goto("/today");
  const todo = page.getByRole("list", { name: "Tasks to do" });
  await expect(
    todo.getByRole("heading", { name: "Lockdown: Duck (Muscovy) eggs from Neighbour's drake" }),
  ).toBeVisible();
  await expect(todo.getByText(/Day 32 of 35: stop turning the eggs/)).toBeVisible();
  await noSideScroll(page);

  // Day 35, the real today: hatch day, 17 hatched.
  await page.clock.setFixedTime(noonIn(day(35)));
  await openHatchTab(page);
  await expect(card.getByTestId("hatch-countdown")).toHaveText("Hatch day");
  await expect(card.getByTestId("hatch-badge")).toHaveText("Due Today");
  await card.getByRole("button", { name: "Record hatch" }).click();
  dialog = page.getByRole("dialog", { name: "Record the hatch" });
  await expect(dialog).toContainText("24 eggs set · 20 fertile at the last candling");
  await dialog.getByLabel("Hatched", { exact: true }).fill("21");
  await dialog.getByRole("button", { name: "Save result" }).click();
  await expect(dialog.getByText("Hatched cannot be more than the 20 fertile eggs")).toBeVisible();
  await dialog.getByLabel("Hatched", { exact: true }).fill("17");
  await dialog.getByRole("button", { name: "Save result" }).click();
  await expect(
    page.getByText("The hatching status has been recorded!", { exact: true }),
  ).toBeVisible();
  // The dialog then offers to add the chicks: a new flock (brooder batch) of 17, hatched today.
  dialog = page.getByRole("dialog", { name: "Add the chicks to your flock" });
  await expect(dialog).toContainText("17 chicks hatched on");
  await expect(dialog.getByLabel("As a new flock (brooder batch)")).toBeChecked();
  await dialog.getByLabel("Flock name").fill("Muscovy brooder");
  await noSideScroll(page);
  await dialog.getByRole("button", { name: "Add the chicks" }).click();
  await expect(
    page.getByText("17 chicks are in the new flock Muscovy brooder", { exact: true }),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("hatch-card")).toHaveCount(0);

  // The result with the rates: fertility = fertile / set, hatchability = hatched / fertile and / set.
  const result = page.getByTestId("hatch-result");
  await expect(result).toContainText(
    `Duck · Muscovy · Brinsea left (set ${await shownDay(page, day(0))}, hatched ${await shownDay(page, day(35))})`,
  );
  await expect(result).toContainText(
    `17 of 24 hatched · fertility ${pct(20, 24)} (20 of 24) · hatchability ${pct(17, 20)} of fertile (17 of 20) · ${pct(17, 24)} of eggs set`,
  );
  expect([pct(20, 24), pct(17, 20), pct(17, 24)]).toEqual(["83.3%", "85%", "70.8%"]);
  await noSideScroll(page);

  // The new flock counts 17 ducks from a `hatched` event on the hatch day.
  const flocks = (await (await page.request.get(`/api/flocks?today=${localDate(0)}`)).json()) as {
    id: string;
    name: string;
    species: string;
    headcount: number;
  }[];
  expect(flocks).toEqual([
    expect.objectContaining({ name: "Muscovy brooder", species: "duck", headcount: 17 }),
  ]);
  const events = (await (await page.request.get(`/api/flocks/${flocks[0]!.id}/events`)).json()) as {
    type: string;
    count: number;
    date: string;
  }[];
  expect(events).toEqual([
    expect.objectContaining({ type: "hatched", count: 17, date: localDate(day(35)) }),
  ]);

  // History per breed on the Analytics tab.
  await page.getByRole("tab", { name: "Analytics" }).click();
  const history = page.getByTestId("hatch-history");
  const row = history.getByRole("row", { name: /Muscovy \(Duck\)/ });
  await expect(row.getByRole("cell")).toHaveText(["1", "17 / 24", pct(20, 24), pct(17, 20)]);
  // And per breeder pair, with its chart.
  const pair = page.getByTestId("breeder-pair");
  await expect(pair).toHaveCount(1);
  await expect(pair).toContainText("Boris × Maud (Duck)");
  await expect(pair.getByTestId("breeder-pair-totals")).toHaveText(
    `1 hatch · 17 of 24 hatched · fertility ${pct(20, 24)} · hatchability ${pct(17, 20)} of fertile`,
  );
  await expect(
    pair.getByRole("figure", { name: "Hatch by hatch: Boris × Maud (Duck)" }),
  ).toBeVisible();
  await noSideScroll(page);
});
