import fs from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { signIn, uniqueEmail } from "./helpers";

/** Adds a bird the way the app does (same-origin fetch with the session cookie). */
async function addBird(page: Page, name: string, weight?: number) {
  const status = await page.evaluate(
    async ([birdName, lbs]) => {
      const res = await fetch("/api/chickens", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: birdName, breed: "Orpington", weight: lbs }),
        credentials: "include",
      });
      return res.status;
    },
    [name, weight] as const,
  );
  expect(status).toBe(201);
}

/** GET of a JSON API path with the session cookie. */
const getJson = (page: Page, url: string) =>
  page.evaluate(async (u) => (await fetch(u, { credentials: "include" })).json(), url);

test("a keeper exports their data, then deletes the account: signed out and the data is gone", async ({
  page,
}) => {
  const email = uniqueEmail("account");
  await signIn(page, { name: "Ada Exporter", email });
  await addBird(page, "Export Henny");

  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  // The profile as the identity provider gave it.
  await expect(page.getByTestId("account-name")).toHaveText("Ada Exporter");
  await expect(page.getByTestId("account-email")).toHaveText(email);

  // Settings round-trip.
  await page.getByLabel("Weight").selectOption("kg");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved").first()).toBeVisible();

  // The session list shows this device.
  await expect(page.getByText("This device")).toBeVisible();

  // JSON export downloads a file holding the bird.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download JSON" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^flockkeeper-export-\d{4}-\d{2}-\d{2}\.json$/);
  const doc = JSON.parse(await fs.readFile((await download.path())!, "utf8"));
  expect(doc.format).toBe("flockkeeper-export");
  expect(doc.tables.chickens.map((c: { name: string }) => c.name)).toEqual(["Export Henny"]);
  expect(doc.tables.settings[0].weightUnit).toBe("kg");

  const [zip] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV (zip)" }).click(),
  ]);
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  const bytes = await fs.readFile((await zip.path())!);
  expect(bytes.subarray(0, 4).toString("latin1")).toBe("PK\u0003\u0004");

  // Delete: a wrong email is refused, the right one deletes and signs out.
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByLabel(/Type your email/).fill("someone-else@example.com");
  await dialog.getByRole("button", { name: "Delete everything" }).click();
  await expect(dialog.getByText("The email you typed does not match your account")).toBeVisible();
  await dialog.getByLabel(/Type your email/).fill(email);
  await dialog.getByRole("button", { name: "Delete everything" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  // The sign-out reloads the page; open the menu once the new page has settled.
  await expect(async () => {
    const menu = page.getByRole("button", { name: "Open menu" });
    if (await menu.isVisible()) await menu.click();
    await expect(page.getByRole("button", { name: "Sign In" }).first()).toBeVisible({
      timeout: 2000,
    });
  }).toPass({ timeout: 20_000 });
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);

  // Signing in again with the same email starts an empty account.
  await signIn(page, { name: "Ada Exporter", email });
  const birds = await page.evaluate(async () => (await fetch("/api/chickens")).json());
  expect(birds).toEqual([]);
  const settings = await page.evaluate(async () => (await fetch("/api/account/settings")).json());
  expect(settings.weightUnit).toBe("lbs");
});

test("a signed-out visitor is asked to sign in on /account", async ({ page }) => {
  await page.goto("/account");
  await expect(page.getByText("Sign in to see your account, settings and data.")).toBeVisible();
});

test("units chosen on the account page are used wherever weights and temperatures show", async ({
  page,
}) => {
  await signIn(page, { name: "Una Units", email: uniqueEmail("units") });
  await addBird(page, "Kilo Hen", 11);

  // The account page is linked from the header menu when signed in.
  await page.goto("/chicken-tracker");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.locator('[data-testid="user-name"]:visible').click();
  await expect(page).toHaveURL(/\/account$/);
  await page.getByLabel("Temperature").selectOption("C");
  await page.getByLabel("Weight").selectOption("kg");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved").first()).toBeVisible();

  // Flock: 11 lbs shows as 4.99 kg; the edit form asks in kg and stores lbs.
  await page.goto("/chicken-tracker");
  await expect(page.getByText("4.99 kg")).toBeVisible();
  await page.getByRole("button", { name: "Edit Kilo Hen" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Bird" });
  await expect(edit.getByLabel("Weight in kg (optional)")).toHaveValue("4.99");
  await edit.getByLabel("Weight in kg (optional)").fill("5");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("5 kg", { exact: true })).toBeVisible();
  const [bird] = await getJson(page, "/api/chickens");
  expect(bird.weight).toBeCloseTo(11.023, 3);

  // Hatch: the incubator temperature is typed and shown in °C (stored as 99.5 °F).
  await page.getByRole("tab", { name: "Hatch Countdown" }).click();
  await page.getByRole("button", { name: "Start New Hatch" }).click();
  const hatch = page.getByRole("dialog", { name: "Start New Hatch" });
  await hatch.getByLabel("Egg Source").fill("Our own flock");
  await hatch.getByLabel("Temperature (°C)").fill("37.5");
  await hatch.getByRole("button", { name: "Start Tracking" }).click();
  await expect(page.getByTestId("hatch-card")).toContainText("37.5 °C");
  const [active] = await getJson(page, "/api/hatch-records/active");
  expect(active.temperature).toBe(99.5);

  // Production: a weigh-in and a coop reading typed in kg and °C, shown back the same way.
  await page.goto("/production-dashboard");
  await page.getByRole("tab", { name: "Data Entry" }).click();
  await page.getByRole("button", { name: "Add weight record" }).click();
  const weigh = page.getByRole("dialog", { name: "Add Weight Record" });
  await weigh.getByLabel("Chicken").selectOption({ label: "Kilo Hen" });
  await weigh.getByLabel("Weight (kg)").fill("2");
  await weigh.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Kilo Hen: 2 kg")).toBeVisible();
  await page.getByRole("button", { name: "Add environmental record" }).click();
  const env = page.getByRole("dialog", { name: "Add Environmental Record" });
  await env.getByLabel("Temperature (°C)").fill("35");
  await env.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("35 °C")).toBeVisible();
  await page.getByRole("tab", { name: "Overview" }).click();
  await expect(
    page.getByRole("region", { name: "Production summary" }).getByText("2 kg"),
  ).toBeVisible();
  // Alerts written by the server in °F read in °C too.
  await page.getByRole("tab", { name: "Health Monitoring" }).click();
  const alerts = page.getByRole("list", { name: "Disease alerts" });
  await expect(alerts.getByText(/It is 35°C\./)).toBeVisible();
  await expect(alerts).not.toContainText("°F");

  // The feed calculator shows quantities in kg too (its formula stays the spec's 50 lb bag).
  await page.goto("/poultry-calculator");
  await page.getByLabel("Number of birds").fill("10");
  await expect(page.getByText(/Your flock eats about 1\.13 kg a day/)).toBeVisible();

  // 'Sign out everywhere' lists this device, then ends its session too.
  await page.goto("/account");
  await expect(page.getByRole("list", { name: "Active sessions" })).toContainText("This device");
  await expect(page.getByRole("list", { name: "Active sessions" })).toContainText("Last seen");
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});
