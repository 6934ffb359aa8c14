import { expect, test } from "@playwright/test";
import { concretePaths } from "../packages/shared/src/site/routes";
import { signIn } from "./helpers";

test("a keeper signs in through the built-in provider, sees their first name, and signs out", async ({
  page,
}) => {
  await signIn(page, { name: "Henrietta Pecksniff" });
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("button", { name: "Log out" }).click();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("button", { name: "Sign In" }).first()).toBeVisible();
  const me = await page.request.get("/api/auth/user");
  expect(me.status()).toBe(401);
});

test("an unknown address shows the 404 page with a way home", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
});

test("every route of the route table opens", async ({ page }) => {
  // Every page of the route table a signed-out visitor can open (/account asks to sign in first).
  const routes = concretePaths("public", "admin");
  for (const route of routes) {
    await page.goto(route);
    await expect(page.locator("h1").first(), route).toBeVisible();
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
  }
});

test("the app opens offline after a first visit, with the offline banner", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first load is not controlled by the service worker yet; a reload is.
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator("h1").first()).toBeVisible();
  await expect(
    page.getByText("No internet connection. Some features may not work properly."),
  ).toBeVisible();
  await context.setOffline(false);
});

test("the manifest and icons make the app installable", async ({ request }) => {
  const manifest = await (await request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({
    name: "FlockKeeper",
    short_name: "FlockKeeper",
    display: "standalone",
    start_url: "/",
  });
  const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === "maskable")).toBe(true);
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
});
