import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

// A real browser here: no Origin added by the test set-up (see playwright.config.ts), so the
// browser's own Origin and Sec-Fetch-Site headers are what the server judges.
test.use({ extraHTTPHeaders: {} });

test("a keeper logs out from the header: a same-origin navigation that ends the session", async ({
  page,
}) => {
  await signIn(page);
  const menu = page.getByRole("button", { name: "Open menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("button", { name: "Log out" }).first().click();
  await expect(page.getByTestId("user-name")).toHaveCount(0);
  const me = await page.evaluate(async () => (await fetch("/api/auth/user")).status);
  expect(me).toBe(401);
});

test("a page on another site cannot sign the keeper out or post as them", async ({
  page,
  baseURL,
}) => {
  await signIn(page);
  const ours = new URL(baseURL!).origin;
  // A page on another site (served by the test, as a real one would be).
  await page.route("http://foreign.test/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<img src="${ours}/api/logout" alt="">
        <form method="post" action="${ours}/api/logout"><button>Win a coop</button></form>`,
    }),
  );
  await page.goto("http://foreign.test/");
  await page.getByRole("button", { name: "Win a coop" }).click();
  await expect(page.getByText("Cross-site request refused")).toBeVisible();

  // Back on our own site the keeper is still signed in.
  await page.goto("/account");
  const me = await page.evaluate(async () => (await fetch("/api/auth/user")).status);
  expect(me).toBe(200);
});

test("a link from another site to /api/logout asks first; the button there signs out", async ({
  page,
  baseURL,
}) => {
  await signIn(page);
  const ours = new URL(baseURL!).origin;
  await page.route("http://foreign.test/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<a href="${ours}/api/logout">Free chicken feed</a>`,
    }),
  );
  await page.goto("http://foreign.test/");
  await page.getByRole("link", { name: "Free chicken feed" }).click();
  await expect(page.getByRole("heading", { name: "Sign out of FlockKeeper?" })).toBeVisible();
  expect(await page.evaluate(async () => (await fetch("/api/auth/user")).status)).toBe(200);

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(`${ours}/`);
  expect(await page.evaluate(async () => (await fetch("/api/auth/user")).status)).toBe(401);
});
