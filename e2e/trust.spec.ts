import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signIn, signInOnProviderPage, TEST_PASSWORD, uniqueEmail } from "./helpers";
import { addVirtualAuthenticator } from "./webauthn";

// Issue 16: real local accounts in the browser: create, sign in, a wrong password, a recovery code,
// and a passkey made on the Account page used to sign in, in Chromium with its virtual authenticator.

/** Forgets this browser's sessions (ours and the built-in provider's), as a new visit would. */
async function forget(page: Page) {
  await page.context().clearCookies();
}

/** Opens the built-in provider's sign-in page the way the app's Sign In button leads there. */
async function openSignInPage(page: Page) {
  await page.goto("/api/login?returnTo=%2Faccount");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
}

async function expectSignedInOnAccount(page: Page, firstName: string) {
  await page.waitForURL((url) => url.pathname === "/account");
  await expect(page.getByTestId("user-name").first()).toHaveText(firstName, { timeout: 15_000 });
}

/** No sideways scroll and no serious or critical axe rule broken on the current page. */
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

test("create an account, sign in again, a wrong password gets the generic message, a recovery code gets back in", async ({
  page,
}) => {
  const email = uniqueEmail("trust");
  const { recoveryCodes } = await signIn(page, { name: "Grace Hopper", email });
  expect(recoveryCodes).toHaveLength(10);

  // A wrong password, and an unknown email, answer with the same words.
  await forget(page);
  await openSignInPage(page);
  await signInOnProviderPage(page, { email, password: "not my password at all" });
  const generic = "That email and password do not match an account.";
  await expect(page.getByRole("alert")).toHaveText(generic);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await signInOnProviderPage(page, { email: uniqueEmail("nobody") });
  await expect(page.getByRole("alert")).toHaveText(generic);

  // The right password signs in.
  await signInOnProviderPage(page, { email, password: TEST_PASSWORD });
  await expectSignedInOnAccount(page, "Grace");
  await expect(page.getByRole("heading", { name: "Sign-in and security" })).toBeVisible();
  await expect(page.getByTestId("recovery-codes-left")).toContainText("10 unused codes left");

  // Lost password: a recovery code and a new password; the code then works no more.
  await forget(page);
  await openSignInPage(page);
  await page.getByRole("link", { name: "Lost your password? Use a recovery code" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Recovery code").fill(recoveryCodes[0]!);
  await page.getByLabel("New password").fill("brown eggs every morning");
  await page.getByRole("button", { name: "Set password and sign in" }).click();
  await expectSignedInOnAccount(page, "Grace");
  await expect(page.getByTestId("recovery-codes-left")).toContainText("9 unused codes left");
  // The sign-in list shows the recovery-code sign-in first, with this browser.
  const signIns = page.getByRole("list", { name: "Recent sign-ins" }).getByRole("listitem");
  await expect(signIns.first()).toContainText("Chrome on Android · Recovery code");
  await expect(signIns.nth(1)).toContainText("Password");

  await forget(page);
  await openSignInPage(page);
  await signInOnProviderPage(page, { email, password: "brown eggs every morning" });
  await expectSignedInOnAccount(page, "Grace");
});

test("change the password and make new recovery codes on the Account page", async ({ page }) => {
  const email = uniqueEmail("trust-pw");
  await signIn(page, { name: "Mary Anning", email });
  await page.goto("/account");

  // The current password must be right.
  await page.getByLabel("Current password").fill("a wrong current password");
  await page.getByLabel("New password").fill("dust baths in the sun");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your current password is not right.")).toBeVisible();
  // A too short new password is caught on the page.
  await page.getByLabel("Current password").fill(TEST_PASSWORD);
  await page.getByLabel("New password").fill("short");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Use at least 10 characters for your password")).toBeVisible();
  await page.getByLabel("New password").fill("dust baths in the sun");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed").first()).toBeVisible();

  // New codes are shown once, with copy and download; the count is back to ten.
  await page.getByRole("button", { name: "Make new recovery codes" }).click();
  const codes = page.getByRole("list", { name: "New recovery codes" }).locator("code");
  await expect(codes).toHaveCount(10);
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download codes" }).click(),
  ]);
  expect(file.suggestedFilename()).toBe("flockkeeper-recovery-codes.txt");
  const first = (await codes.first().textContent())!.trim();
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(codes).toHaveCount(0);
  await expect(page.getByTestId("recovery-codes-left")).toContainText("10 unused codes left");

  // The old password is refused, the new one works; a new code works too.
  await forget(page);
  await openSignInPage(page);
  await signInOnProviderPage(page, { email, password: TEST_PASSWORD });
  await expect(page.getByRole("alert")).toHaveText(
    "That email and password do not match an account.",
  );
  await signInOnProviderPage(page, { email, password: "dust baths in the sun" });
  await expectSignedInOnAccount(page, "Mary");
  expect(first).toMatch(/\S{6,}/);
});

test("a passkey added on the Account page signs in with no password typed, and can be removed", async ({
  page,
}) => {
  const email = uniqueEmail("trust-passkey");
  await signIn(page, { name: "Ada Passkey", email });
  const authenticator = await addVirtualAuthenticator(page);
  await page.goto("/account");
  await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added").first()).toBeVisible();
  const passkeys = page.getByRole("list", { name: "Your passkeys" }).getByRole("listitem");
  await expect(passkeys).toHaveCount(1);
  await expect(passkeys.first()).toContainText("Passkey (Chrome on Android)");
  await expect(passkeys.first()).toContainText("not used yet");
  expect(await authenticator.credentialCount()).toBe(1);

  // Signed out, the sign-in page's passkey button signs in: no email, no password.
  await forget(page);
  await openSignInPage(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expectSignedInOnAccount(page, "Ada");
  await expect(passkeys.first()).toContainText("last used");
  const signIns = page.getByRole("list", { name: "Recent sign-ins" }).getByRole("listitem");
  await expect(signIns.first()).toContainText("Passkey");

  // Removed, it no longer signs in.
  await page.getByRole("button", { name: "Remove passkey Passkey (Chrome on Android)" }).click();
  await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
  await forget(page);
  await openSignInPage(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("status")).toContainText("could not be checked");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the sign-in, create-account and recovery pages fit and pass axe, and so does the Account page", async ({
    page,
  }) => {
    await openSignInPage(page);
    await fitsAndPassesAxe(page, "sign in");
    await signInOnProviderPage(page, { email: uniqueEmail("narrow"), password: "wrong password" });
    await expect(page.getByRole("alert")).toBeVisible();
    await fitsAndPassesAxe(page, "sign in with an error");
    await page.getByRole("link", { name: "Create an account" }).click();
    await fitsAndPassesAxe(page, "create account");
    await page.getByLabel("Your name").fill("Narrow Keeper");
    const email = uniqueEmail("narrow");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("list", { name: "Recovery codes" })).toBeVisible();
    const codes = await page
      .getByRole("list", { name: "Recovery codes" })
      .locator("code")
      .allTextContents();
    await fitsAndPassesAxe(page, "recovery codes");
    await page.getByRole("link", { name: "I have saved my codes, continue" }).click();
    await expectSignedInOnAccount(page, "Narrow");

    await forget(page);
    await openSignInPage(page);
    await page.getByRole("link", { name: "Lost your password? Use a recovery code" }).click();
    await fitsAndPassesAxe(page, "recovery");

    // Signed in again with the code's new password: the Account page's new cards fit too.
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Recovery code").fill(codes[0]!);
    await page.getByLabel("New password").fill("narrow roosts are cosy");
    await page.getByRole("button", { name: "Set password and sign in" }).click();
    await expectSignedInOnAccount(page, "Narrow");
    await expect(page.getByRole("list", { name: "Recent sign-ins" })).toBeVisible();
    await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
    await fitsAndPassesAxe(page, "account");
  });
});
