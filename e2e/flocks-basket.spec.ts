import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./helpers";

// Issue 19: at 360 px, a keeper creates a flock of 25 hens bought today, logs today's basket of 19,
// records one hen lost to a predator, sees a headcount of 24 and a lay rate of 19/24 = 79.2%,
// corrects the basket to 20 (83.3%), and deletes an event and brings it back with Undo.

// A long name: it must still fit a 360 px screen.
const NAME = "Big coop layers of the long barn";

/** No control in the basket rows is smaller than 44 px or runs off the screen. */
async function basketRowsFit(page: Page) {
  const problems = await page.getByTestId("basket-row").evaluateAll((lis) => {
    const out: string[] = [];
    const vw = window.innerWidth;
    for (const li of lis) {
      const who = li.getAttribute("aria-label")!;
      const name = li.querySelector("label")!.getBoundingClientRect();
      if (name.width < 48 || name.right > vw) out.push(`${who}: name ${name.width} px wide`);
      for (const c of Array.from(li.querySelectorAll<HTMLElement>("button, input"))) {
        const b = c.getBoundingClientRect();
        if (b.height < 44 || b.width < 44) out.push(`${who}: a control is ${b.width}x${b.height}`);
        if (b.right > vw) out.push(`${who}: a control runs off the screen`);
      }
    }
    return out;
  });
  expect(problems).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test("a flock of 25 hens: basket, a loss, headcount and lay rate, a correction, undo", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, { name: "Flo Flockster" });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/chicken-tracker");

  // No flocks yet: the empty state says what a flock is for and offers to add one.
  await expect(page.getByRole("heading", { name: "No flocks yet" })).toBeVisible();
  await expect(page.getByText(/A flock is a group of birds of one species/)).toBeVisible();
  await page.getByRole("button", { name: "Add flock" }).click();
  const add = page.getByRole("dialog", { name: "Add flock" });
  await add.getByLabel("Name").fill(NAME);
  await expect(add.getByLabel("Start date")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await add.getByLabel("Headcount").fill("25");
  await add.getByLabel("Females").fill("25");
  await add.getByRole("button", { name: "Add flock" }).click();
  await expect(add).toBeHidden();
  const card = page.getByTestId("flock-card").filter({ hasText: NAME });
  await expect(card.getByTestId("flock-headcount")).toHaveText("25 birds (25 females)");
  await expect(card).toContainText("Chicken · Layers");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Today's basket of 19, one-handed: type 18, then tap + once.
  await page.getByRole("tab", { name: "Egg Tracking" }).click();
  await expect(page.getByTestId("basket-row")).toHaveCount(1);
  await basketRowsFit(page);
  await page.getByLabel(`Eggs from ${NAME}`).fill("18");
  await page.getByRole("button", { name: `One egg more for ${NAME}` }).tap();
  await expect(page.getByLabel(`Eggs from ${NAME}`)).toHaveValue("19");
  await page.getByRole("button", { name: "Save baskets" }).tap();
  await expect(page.getByText("Baskets saved", { exact: true })).toBeVisible();
  await expect(page.getByTestId("basket-row")).toContainText("Saved: 19");
  await basketRowsFit(page);

  // One hen lost to a predator.
  await page.getByRole("tab", { name: "My Flock" }).click();
  await card.click();
  const detail = page.getByRole("dialog", { name: NAME });
  await detail.getByRole("button", { name: "Record event" }).click();
  await detail.getByLabel("What happened").selectOption("predator");
  await detail.getByLabel("Count").fill("1");
  await detail.getByLabel("Females").fill("1");
  await detail.getByLabel("Cause (optional)").fill("fox");
  await detail.getByRole("button", { name: "Save event" }).click();
  await expect(detail.getByTestId("detail-headcount")).toHaveText("24 birds");
  await expect(detail.getByTestId("detail-lay-rate")).toContainText("79.2%");
  await expect(detail.getByTestId("detail-lay-rate")).toContainText("over 1 day with records");
  const events = detail.getByTestId("flock-event");
  await expect(events).toHaveCount(2);
  await expect(events.first()).toContainText("Lost to a predator");
  await expect(events.first()).toContainText("fox");

  // A loss larger than the flock is refused at the count, with what is available.
  await events
    .first()
    .getByRole("button", { name: /^Edit / })
    .click();
  await events.first().getByLabel("Count").fill("30");
  await events.first().getByRole("button", { name: "Save" }).click();
  await expect(events.first().getByRole("alert")).toHaveText(/Only \d+ birds/);
  await events.first().getByRole("button", { name: "Cancel" }).click();
  await expect(detail.getByTestId("detail-headcount")).toHaveText("24 birds");
  await detail.getByRole("button", { name: "Close" }).click();
  await expect(detail).toBeHidden();
  await expect(card.getByTestId("flock-headcount")).toHaveText("24 birds (24 females)");

  // The basket was 20, not 19.
  await page.getByRole("tab", { name: "Egg Tracking" }).click();
  await expect(page.getByLabel(`Eggs from ${NAME}`)).toHaveValue("19");
  await page.getByRole("button", { name: `One egg more for ${NAME}` }).tap();
  await page.getByRole("button", { name: "Save baskets" }).tap();
  await expect(page.getByTestId("basket-row")).toContainText("Saved: 20");

  await page.getByRole("tab", { name: "My Flock" }).click();
  await card.click();
  await expect(detail.getByTestId("detail-lay-rate")).toContainText("83.3%");
  await expect(detail.getByTestId("detail-lay-rate")).toContainText("over 1 day with records");

  // Delete the loss, then Undo in the toast: it stays (nothing is sent), and the headcount with it.
  const deletes: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "DELETE") deletes.push(r.url());
  });
  await events
    .first()
    .getByRole("button", { name: /^Delete / })
    .click();
  await expect(events).toHaveCount(1);
  const toast = page
    .getByRole("status")
    .filter({ has: page.getByRole("button", { name: "Undo" }) });
  await expect(toast).toContainText("Lost to a predator (1) deleted");
  await toast.getByRole("button", { name: "Undo" }).click();
  await expect(events).toHaveCount(2);
  await expect(events.first()).toContainText("Lost to a predator");
  await page.waitForTimeout(5_500);
  expect(deletes).toEqual([]);
  await page.reload();
  await page.getByTestId("flock-card").filter({ hasText: NAME }).click();
  await expect(detail.getByTestId("flock-event")).toHaveCount(2);
  await expect(detail.getByTestId("detail-headcount")).toHaveText("24 birds");
});
