import fs from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { signIn, uniqueEmail } from "./helpers";

/** Adds a bird the way the app does (same-origin fetch with the session cookie). */
async function addBird(page: Page, name: string) {
  const status = await page.evaluate(async (birdName) => {
    const res = await fetch("/api/chickens", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: birdName, breed: "Orpington" }),
      credentials: "include",
    });
    return res.status;
  }, name);
  expect(status).toBe(201);
}

test("a keeper exports their data, then deletes the account: signed out and the data is gone", async ({
  page,
}) => {
  const email = uniqueEmail("account");
  await signIn(page, { name: "Ada Exporter", email });
  await addBird(page, "Export Henny");

  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
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
