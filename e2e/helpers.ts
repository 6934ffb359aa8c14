import { expect, type Page } from "@playwright/test";

let counter = 0;

/** A unique email per call, so tests never share a keeper. */
export const uniqueEmail = (prefix = "keeper") =>
  `${prefix}-${Date.now()}-${counter++}@example.com`;

/**
 * Signs in through the built-in OpenID provider the way a keeper does: Sign In, the sign-in
 * information panel's 'Continue with Secure Sign In', name and email on the provider's page, back to the app with the first name in the header.
 */
export async function signIn(page: Page, { name = "Ada Lovelace", email = uniqueEmail() } = {}) {
  const firstName = name.split(" ")[0]!;
  await page.goto("/");
  // The header renders with the app: wait for it before looking for the mobile menu.
  await page.locator("h1").first().waitFor();
  const menu = page.getByRole("button", { name: "Open menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("button", { name: "Sign In" }).first().click();
  // The sign-in information panel comes first; its button starts the real sign-in.
  await page.getByRole("button", { name: "Continue with Secure Sign In" }).click();
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL(
    (url) => !url.pathname.startsWith("/api/") && !url.pathname.startsWith("/oidc/"),
  );
  await expect(page.getByTestId("user-name").first()).toHaveText(firstName, { timeout: 15_000 });
  return { name, firstName, email };
}
