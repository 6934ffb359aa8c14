import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./helpers";

const localToday = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

async function addBird(page: Page, name: string) {
  const res = await page.request.post("/api/chickens", { data: { name, breed: "Sussex" } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test("signed out, the dashboard asks to log in and makes no production queries", async ({
  page,
}) => {
  const calls: string[] = [];
  page.on("request", (r) => {
    if (
      /\/api\/(production|disease-alerts|health-predictions|(feed|weight|environmental)-records)/.test(
        r.url(),
      )
    )
      calls.push(r.url());
  });
  await page.goto("/production-dashboard");
  await expect(page.getByText("Please log in to access production dashboard")).toBeVisible();
  expect(calls).toEqual([]);
});

test("a keeper records feed, weight and environment, then sees the summary and an alert", async ({
  page,
}) => {
  await signIn(page, { name: "Poppy Layer" });
  const hen = await addBird(page, "Clover");
  await addBird(page, "Daisy");
  const eggs = await page.request.post("/api/egg-records", {
    data: { chickenId: hen, date: localToday(), eggsLaid: 4 },
  });
  expect(eggs.status()).toBe(201);
  // Clover weighed 8 lbs five days ago; today's weigh-in of 5.5 lbs is a 31% loss (critical).
  const fiveDaysAgo = new Date(Date.parse(`${localToday()}T00:00:00Z`) - 5 * 864e5)
    .toISOString()
    .slice(0, 10);
  const earlier = await page.request.post("/api/weight-records", {
    data: { chickenId: hen, date: fiveDaysAgo, weight: 8 },
  });
  expect(earlier.status()).toBe(201);

  await page.goto("/production-dashboard");
  await expect(page.getByRole("heading", { name: "Production Hub" })).toBeVisible();
  await page.getByRole("tab", { name: "Data Entry" }).click();

  // Feed: the spec's messages, then a whole-flock entry split per bird.
  await page.getByRole("button", { name: "Add feed record" }).click();
  const feedDialog = page.getByRole("dialog", { name: "Add Feed Record" });
  await feedDialog.getByLabel("Feed type").fill("");
  await feedDialog.getByRole("button", { name: "Save" }).click();
  await expect(feedDialog.getByText("Chicken is required")).toBeVisible();
  await expect(feedDialog.getByText("Feed type is required")).toBeVisible();
  await expect(feedDialog.getByText("Feed amount is required")).toBeVisible();
  await feedDialog
    .getByLabel("Chicken")
    .selectOption({ label: "Whole flock (2 birds, split evenly)" });
  await feedDialog.getByLabel("Feed type").fill("Layer feed");
  await feedDialog.getByLabel("Feed amount (lbs)").fill("2");
  await feedDialog.getByLabel("Feed cost (optional)").fill("1.50");
  await feedDialog.getByRole("button", { name: "Save" }).click();
  await expect(feedDialog).toBeHidden();
  await expect(page.getByText("Clover: 1 lbs Layer feed")).toBeVisible();
  await expect(page.getByText("Daisy: 1 lbs Layer feed")).toBeVisible();

  // Weight.
  await page.getByRole("button", { name: "Add weight record" }).click();
  const weightDialog = page.getByRole("dialog", { name: "Add Weight Record" });
  await weightDialog.getByRole("button", { name: "Save" }).click();
  await expect(weightDialog.getByText("Weight is required")).toBeVisible();
  await weightDialog.getByLabel("Chicken").selectOption({ label: "Clover" });
  await weightDialog.getByLabel("Weight (lbs)").fill("5.5");
  await weightDialog.getByRole("button", { name: "Save" }).click();
  await expect(weightDialog).toBeHidden();
  await expect(page.getByText("Clover: 5.5 lbs")).toBeVisible();

  // Environment: a hot, humid coop.
  await page.getByRole("button", { name: "Add environmental record" }).click();
  const envDialog = page.getByRole("dialog", { name: "Add Environmental Record" });
  await envDialog.getByLabel("Temperature (°F)").fill("95");
  await envDialog.getByLabel("Humidity (%)").fill("140");
  await envDialog.getByRole("button", { name: "Save" }).click();
  await expect(envDialog.getByText("Humidity must be a whole number from 0 to 100")).toBeVisible();
  await envDialog.getByLabel("Humidity (%)").fill("85");
  await envDialog.getByLabel("Weather").selectOption("sunny");
  await envDialog.getByRole("button", { name: "Save" }).click();
  await expect(envDialog).toBeHidden();

  // Summary: 4 eggs on 2 lbs of feed.
  await page.getByRole("tab", { name: "Overview" }).click();
  const summary = page.getByRole("region", { name: "Production summary" });
  await expect(summary.getByText("2 eggs/lb")).toBeVisible();
  await expect(summary.getByText("$1.50")).toBeVisible();
  await expect(summary.getByText("5.5 lbs")).toBeVisible();

  // Alerts raised from the records.
  await page.getByRole("tab", { name: "Health Monitoring" }).click();
  const alerts = page.getByRole("list", { name: "Disease alerts" });
  await expect(alerts.getByText("Heat stress risk")).toBeVisible();
  await expect(alerts.getByText("High humidity")).toBeVisible();
  await expect(alerts.getByText("Clover lost 31% of body weight")).toBeVisible();
  // The critical weight loss shows the urgent banner.
  const banner = page.getByRole("alert").filter({ hasText: "urgent alert" });
  await expect(banner).toContainText("1 urgent alert needs your attention");
  await expect(banner).toContainText("Clover lost 31% of body weight");

  // The AI Health Check scores each bird and explains itself.
  await page.getByRole("button", { name: "AI Health Check" }).click();
  const predictions = page.getByRole("list", { name: "Health predictions" });
  await expect(predictions.getByRole("heading", { name: "Clover" })).toBeVisible();
  await expect(predictions.getByText(/recent coop reading above 85°F/).first()).toBeVisible();

  // CSV export of the period.
  await page.getByRole("tab", { name: "Data Entry" }).click();
  const csv = await page.request.get("/api/production/export/feed?period=7");
  expect(csv.headers()["content-type"]).toMatch(/text\/csv/);
  expect((await csv.text()).split("\r\n")[0]).toContain("feedAmountLbs");
});
