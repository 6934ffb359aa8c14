import AxeBuilder from "@axe-core/playwright";
import { devices, expect, test, type Page } from "@playwright/test";
import { signIn } from "./helpers";

// Issue 22: Today. A keeper with a vaccination due and a hatch in lockdown lands on Today after
// signing in, sees both, marks one done and snoozes the other; a second keeper of the same farm
// (another browser) sees the first done, by whom, and the other snoozed. At phone width.

/** The browser's own calendar date, as the page computes it. */
const localDate = (page: Page, daysAgo = 0) =>
  page.evaluate((n) => {
    const d = new Date(Date.now() - n * 86_400_000);
    const pad = (x: number) => String(x).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }, daysAgo);

async function fitsAndPassesAxe(page: Page, where: string) {
  const { sw, vw } = await page.evaluate(() => ({
    sw: document.documentElement.scrollWidth,
    vw: window.innerWidth,
  }));
  expect(sw, `${where}: ${sw} px wide in ${vw} px`).toBeLessThanOrEqual(vw);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${where}: ${v.id}: ${v.help}`);
  expect(serious).toEqual([]);
}

test("Today: a vaccination due and a hatch in lockdown, one done, one snoozed, seen by a second keeper", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const baseURL = test.info().project.use.baseURL!;
  await page.setViewportSize({ width: 360, height: 780 });

  // Signing in from the home page lands on Today.
  await signIn(page, { name: "Olive Owner" });
  await expect(page).toHaveURL(/\/today$/);
  await expect(page.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();

  // A Newcastle dose 370 days ago (annual: due 5 days ago) and eggs set 19 days ago (lockdown
  // started yesterday, day 18 of 21), candled on day 18.
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { data });
    expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as { id: string };
  };
  await post("/api/vaccinations", {
    vaccine: "Newcastle Disease",
    birdName: "Henrietta",
    date: await localDate(page, 370),
  });
  const hatch = await post("/api/hatch-records", {
    eggSource: "Own flock",
    species: "chicken",
    incubationStartDate: await localDate(page, 19),
  });
  await post(`/api/hatch-records/${hatch.id}/candlings`, {
    date: await localDate(page, 1),
    fertile: 10,
    clear: 2,
  });

  await page.reload();
  const todo = page.getByRole("list", { name: "Tasks to do" });
  const vaccination = "Newcastle Disease vaccination for Henrietta";
  const lockdown = "Lockdown: Chicken eggs from Own flock";
  await expect(todo.getByRole("heading", { name: vaccination })).toBeVisible();
  await expect(todo.getByRole("heading", { name: lockdown })).toBeVisible();
  // Each with its reason and one tap to where it is done.
  await expect(todo.getByText(/Day 18 of 21: stop turning the eggs/)).toBeVisible();
  await expect(todo.getByRole("link", { name: "Open the vaccination tracker" })).toHaveAttribute(
    "href",
    "/vaccination-tracker",
  );
  await fitsAndPassesAxe(page, "/today (360 px)");

  await page.getByRole("button", { name: `Mark done: ${vaccination}` }).click();
  const done = page.getByRole("list", { name: "Done tasks" });
  await expect(done.getByText(vaccination)).toBeVisible();
  await page.getByRole("button", { name: `Snooze until tomorrow: ${lockdown}` }).click();
  const snoozed = page.getByRole("list", { name: "Snoozed tasks" });
  await expect(snoozed.getByText(new RegExp(`^${lockdown}: back `))).toBeVisible();
  await expect(todo).toHaveCount(0);
  await expect(page.getByText("Nothing left to do today.")).toBeVisible();

  // A second keeper joins the farm (an invitation accepted in their own browser).
  const farms = (await (await page.request.get("/api/farms")).json()) as { currentFarmId: string };
  const invitation = await post(`/api/farms/${farms.currentFarmId}/invitations`, {
    role: "keeper",
  });
  const token = (invitation as unknown as { token: string }).token;
  const keeperContext = await browser.newContext({
    ...devices["Pixel 7"],
    baseURL,
    extraHTTPHeaders: { origin: baseURL },
  });
  const keeper = await keeperContext.newPage();
  await keeper.setViewportSize({ width: 360, height: 780 });
  await signIn(keeper, { name: "Kit Keeper" });
  const joined = await keeper.request.post(`/api/invitations/${token}/accept`);
  expect(joined.status(), await joined.text()).toBe(200);

  await keeper.goto("/today");
  await expect(
    keeper
      .getByRole("list", { name: "Done tasks" })
      .getByText(`${vaccination} (done by Olive Owner)`),
  ).toBeVisible();
  await expect(
    keeper.getByRole("list", { name: "Snoozed tasks" }).getByText(new RegExp(`^${lockdown}`)),
  ).toBeVisible();
  await expect(keeper.getByRole("list", { name: "Tasks to do" })).toHaveCount(0);
  await fitsAndPassesAxe(keeper, "/today, second keeper (360 px)");

  // A keeper adds a chore from the care checklist with one tap; it is on Today for both.
  await keeper.getByText("Start from the care checklist").click();
  await keeper
    .getByRole("button", { name: "Add chore: Collect eggs at least once, twice in hot weather" })
    .click();
  await expect(
    keeper
      .getByRole("list", { name: "Tasks to do" })
      .getByRole("heading", { name: "Collect eggs at least once, twice in hot weather" }),
  ).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole("list", { name: "Tasks to do" })
      .getByRole("heading", { name: "Collect eggs at least once, twice in hot weather" }),
  ).toBeVisible();
  await keeperContext.close();
});
