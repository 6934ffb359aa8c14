import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./helpers";

/*
 * A keeper hatches Muscovy ducks on a phone (360 px): 24 eggs set today (35 days), candled on
 * day 10, lockdown on day 32, 17 hatched on day 35. The browser's clock is moved to each day;
 * every hatch call carries the keeper's local date (?today=), so the server counts from it too.
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
const pct = (part: number, whole: number) => `${Math.round((part / whole) * 1000) / 10}%`;

async function openHatchTab(page: Page) {
  await page.goto("/chicken-tracker");
  await page.getByRole("tab", { name: "My Flock" }).click();
  await page.getByRole("tab", { name: "Hatch Countdown" }).click();
}

async function noSideScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "no horizontal scrolling at 360 px").toBeLessThanOrEqual(0);
}

test("24 Muscovy eggs: countdown, candling on day 10, lockdown on day 32, 17 hatched", async ({
  page,
}) => {
  await signIn(page, { name: "Grace Hopper" });
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
  await expect(dialog.getByTestId("expected-hatch")).toHaveText(`Expected hatch: ${localDate(35)}`);
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
    `Lockdown on day 32 (${localDate(32)})`,
  );
  await noSideScroll(page);

  // Day 10: candle, 20 fertile and 4 clear.
  await page.clock.setFixedTime(noonIn(10));
  await openHatchTab(page);
  await expect(card.getByTestId("hatch-countdown")).toHaveText("25 days");
  await expect(card.getByTestId("hatch-task")).toContainText("Candle the eggs today (day 10).");
  await card.getByRole("button", { name: "Candle" }).click();
  dialog = page.getByRole("dialog", { name: "Record candling" });
  await expect(dialog.getByLabel("Date")).toHaveValue(localDate(10));
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
  await page.clock.setFixedTime(noonIn(32));
  await openHatchTab(page);
  await expect(card.getByTestId("hatch-countdown")).toHaveText("3 days");
  await expect(card.getByTestId("hatch-badge")).toHaveText("Incubating");
  await expect(card.getByTestId("hatch-task")).toContainText(
    "Lockdown today: stop turning and raise the humidity.",
  );
  await expect(card.getByTestId("hatch-task")).not.toContainText("Turn the eggs");

  // Day 35: hatch day, 17 hatched.
  await page.clock.setFixedTime(noonIn(35));
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
  // The dialog then offers to add the chicks to the flock; not now.
  await page
    .getByRole("dialog", { name: "Add the chicks to your flock" })
    .getByRole("button", { name: "Not now" })
    .click();
  await expect(page.getByTestId("hatch-card")).toHaveCount(0);

  // The result with the rates: fertility = fertile / set, hatchability = hatched / fertile and / set.
  const result = page.getByTestId("hatch-result");
  await expect(result).toContainText(
    `Duck · Muscovy · Brinsea left (set ${await shownDay(page, 0)}, hatched ${await shownDay(page, 35)})`,
  );
  await expect(result).toContainText(
    `17 of 24 hatched · fertility ${pct(20, 24)} (20 of 24) · hatchability ${pct(17, 20)} of fertile (17 of 20) · ${pct(17, 24)} of eggs set`,
  );
  expect([pct(20, 24), pct(17, 20), pct(17, 24)]).toEqual(["83.3%", "85%", "70.8%"]);
  await noSideScroll(page);

  // History per breed on the Analytics tab.
  await page.getByRole("tab", { name: "Analytics" }).click();
  const history = page.getByTestId("hatch-history");
  const row = history.getByRole("row", { name: /Muscovy \(Duck\)/ });
  await expect(row.getByRole("cell")).toHaveText(["1", "17 / 24", pct(20, 24), pct(17, 20)]);
});
