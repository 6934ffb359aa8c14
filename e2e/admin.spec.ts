import fs from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { canvasPng } from "./helpers";

const ADMIN_PASSWORD = "e2e-admin-password"; // set by playwright.config.ts for the test server

async function unlockAdmin(page: Page) {
  await page.goto("/admin");
  await page.getByLabel("Admin password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Access Admin Panel" }).click();
  await expect(page.getByRole("tab", { name: "Advertisements" })).toBeVisible();
}

async function createAd(
  page: Page,
  title: string,
  description: string,
  withImage = false,
): Promise<string | null> {
  await page.getByRole("tab", { name: "Advertisements" }).click();
  const create = page.getByRole("button", { name: "Create Advertisement" });
  await page.locator("#new-ad-title").fill(title);
  await page.locator("#new-ad-description").fill(description);
  await expect(create).toBeDisabled(); // no category yet
  await page.locator("#new-ad-category").selectOption("feed");
  await page.locator("#new-ad-link").fill("https://feedmill.example/");
  if (withImage) {
    // The admin came in through the password gate, not as a keeper: the upload still works.
    await page.locator("#new-ad-file").setInputFiles({
      name: "pellets.png",
      mimeType: "image/png",
      buffer: await canvasPng(page, { width: 900, height: 300, from: "#166534" }),
    });
    await expect(page.locator("#new-ad-image")).toHaveValue(/^\/api\/images\/[a-f0-9]{64}\.jpg$/);
  }
  const imageUrl = withImage ? await page.locator("#new-ad-image").inputValue() : null;
  await expect(create).toBeEnabled();
  await create.click();
  await expect(
    page.getByText("Advertisement created successfully.", { exact: true }),
  ).toBeVisible();
  return imageUrl;
}

test("the gate refuses a wrong password, an admin creates an ad, it shows on /food-safety, hiding removes it, logout locks", async ({
  page,
}) => {
  await page.goto("/admin");
  await page.getByLabel("Admin password").fill("not-the-password");
  await page.getByRole("button", { name: "Access Admin Panel" }).click();
  await expect(page.getByText("Access Denied: Invalid admin password.")).toBeVisible();

  await unlockAdmin(page);
  const title = `Layer pellets ${Date.now()}`;
  const imageUrl = await createAd(page, title, "Complete layer feed, 16% protein.", true);

  await page.goto("/food-safety");
  await expect(page.getByText(title).first()).toBeVisible();
  await expect(page.locator(`img[src="${imageUrl}"]`).first()).toBeVisible();

  await page.goto("/admin?tab=advertisements");
  await page.getByRole("button", { name: `Hide ${title}` }).click();
  await expect(page.getByRole("button", { name: `Show ${title}` })).toBeVisible();

  await page.goto("/food-safety");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);

  await page.goto("/admin");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByLabel("Admin password")).toBeVisible();
  expect((await page.request.get("/api/admin/advertisements")).status()).toBe(401);
});

test("the ad carousel rotates", async ({ page }) => {
  await unlockAdmin(page);
  const first = `Grit ${Date.now()}`;
  const second = `Oyster shell ${Date.now()}`;
  await createAd(page, first, "Insoluble grit for digestion.");
  await createAd(page, second, "Calcium for strong shells.");
  await page.goto("/food-safety");
  const slot = page.getByTestId("ad-slot").first();
  await expect(slot.getByRole("button", { name: "Next advertisement" })).toBeVisible();
  const shown = async () => (await slot.getByRole("link").first().innerText()).trim();
  const before = await shown();
  await page.mouse.move(0, 0); // hovering pauses the carousel
  await expect.poll(shown, { timeout: 12_000, intervals: [1000] }).not.toBe(before);
});

test("affiliate Export Config downloads valid JSON", async ({ page }) => {
  await unlockAdmin(page);
  await page.getByRole("tab", { name: "Affiliates" }).click();
  await page.getByRole("button", { name: "Add example partners" }).click();
  await expect(page.getByRole("tab", { name: "Application Status" })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export Config" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^affiliate-config-\d{4}-\d{2}-\d{2}\.json$/);
  const json = JSON.parse(await fs.readFile((await download.path())!, "utf8"));
  expect(json.partners).toHaveLength(6);
  for (const p of json.partners) {
    expect(p.isActive).toBe(false);
    expect(p.resolvedLink).toBe(p.baseUrl);
  }
});
