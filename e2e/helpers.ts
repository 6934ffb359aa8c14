import { expect, type Page, type Request } from "@playwright/test";

let counter = 0;

/** A unique email per call, so tests never share a keeper. */
export const uniqueEmail = (prefix = "keeper") =>
  `${prefix}-${Date.now()}-${counter++}@example.com`;

/** The password every test keeper uses (long enough, not common, not the email). */
export const TEST_PASSWORD = "speckled hens lay on tuesdays";

/**
 * Signs in through the built-in OpenID provider the way a keeper does: Sign In, the sign-in
 * information panel's 'Continue with Secure Sign In', then on the provider's pages either
 * 'Create an account' (name, email, password; the recovery codes page; continue) or, when the
 * email already has an account, the sign-in form with the same password. Back in the app the
 * first name shows in the header. Returns the recovery codes of a new account.
 */
export async function signIn(
  page: Page,
  { name = "Ada Lovelace", email = uniqueEmail(), password = TEST_PASSWORD } = {},
) {
  const firstName = name.split(" ")[0]!;
  await page.goto("/");
  // The header renders with the app: wait for it before looking for the mobile menu.
  await page.locator("h1").first().waitFor();
  const menu = page.getByRole("button", { name: "Open menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("button", { name: "Sign In" }).first().click();
  // The sign-in information panel comes first; its button starts the real sign-in.
  await page.getByRole("button", { name: "Continue with Secure Sign In" }).click();
  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" });
  const exists = page.getByText("An account with this email already exists");
  await expect(codes.or(exists)).toBeVisible();
  let recoveryCodes: string[] = [];
  if (await codes.isVisible()) {
    recoveryCodes = (await codes.locator("code").allTextContents()).map((c) => c.trim());
    await page.getByRole("link", { name: "I have saved my codes, continue" }).click();
  } else {
    await page.getByRole("link", { name: "I already have an account" }).click();
    await signInOnProviderPage(page, { email, password });
  }
  await page.waitForURL(
    (url) => !url.pathname.startsWith("/api/") && !url.pathname.startsWith("/oidc/"),
  );
  await expect(page.getByTestId("user-name").first()).toHaveText(firstName, { timeout: 15_000 });
  return { name, firstName, email, password, recoveryCodes };
}

/** Fills the provider's sign-in form (email and password) and submits it. */
export async function signInOnProviderPage(
  page: Page,
  { email, password = TEST_PASSWORD }: { email: string; password?: string },
) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * A PNG drawn by the browser's canvas (a diagonal gradient from `from` to `to`), as a phone would
 * hand over a photo file.
 */
export async function canvasPng(
  page: Page,
  { width, height, from, to = from }: { width: number; height: number; from: string; to?: string },
): Promise<Buffer> {
  const b64 = await page.evaluate(
    ({ width, height, from, to }) => {
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext("2d")!;
      const g = ctx.createLinearGradient(0, 0, width, height);
      g.addColorStop(0, from);
      g.addColorStop(1, to);
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, width, height);
      return canvas.toDataURL("image/png").split(",")[1]!;
    },
    { width, height, from, to },
  );
  return Buffer.from(b64, "base64");
}

/**
 * Watches the page's requests; the returned wait resolves once none is open and none has started
 * or ended for `quietMs`. Playwright's "networkidle" is the same with a fixed 500 ms of quiet: half
 * a second on every page checked (174 in e2e/design.spec.ts's route walks). A lazy chunk or query
 * that a finished answer starts goes out within a frame or two, well inside 150 ms.
 */
export function networkQuiet(page: Page, quietMs = 150) {
  const open = new Set<Request>();
  let last = Date.now();
  const start = (r: Request) => {
    open.add(r);
    last = Date.now();
  };
  const end = (r: Request) => {
    open.delete(r);
    last = Date.now();
  };
  page.on("request", start);
  page.on("requestfinished", end);
  page.on("requestfailed", end);
  return (where: string) =>
    expect
      .poll(() => open.size === 0 && Date.now() - last >= quietMs, {
        message: `${where}: the page's requests never settled`,
        intervals: [quietMs],
      })
      .toBe(true);
}
