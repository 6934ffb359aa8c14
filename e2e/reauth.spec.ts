import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import fs from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signIn, TEST_PASSWORD, uniqueEmail } from "./helpers";
import { addVirtualAuthenticator } from "./webauthn";

// Item 9 of issue 16: export, import, password change, passkeys, recovery codes and deletion need a
// sign-in from the last 10 minutes; an older one gets "Confirm it's you" and the action then runs.
// To make a sign-in old without a test clock in the app, this file starts its own built server with
// the re-authentication window cut to a few seconds (REAUTH_WINDOW_SECONDS, at most 600).

const WINDOW_S = 6;
// Beside the suite's own server: E2E_PORT + 2 unless E2E_REAUTH_PORT says otherwise.
const PORT = Number(process.env.E2E_REAUTH_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 2);
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = ".e2e-data-reauth";

let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  server = spawn(process.execPath, ["apps/server/dist/server.mjs"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: BASE,
      DATA_DIR,
      LOG_LEVEL: "warn",
      REAUTH_WINDOW_SECONDS: String(WINDOW_S),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await expect(async () => {
    const res = await fetch(`${BASE}/api/health`);
    expect(res.status).toBe(200);
  }).toPass({ timeout: 170_000, intervals: [250, 500, 1000] });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(DATA_DIR, { recursive: true, force: true });
});

test.use({
  baseURL: BASE,
  extraHTTPHeaders: { origin: BASE },
  viewport: { width: 360, height: 740 },
});

/** Waits until the last sign-in or confirmation is older than the server's window. */
async function letSignInAge(page: Page) {
  await page.waitForTimeout(WINDOW_S * 1000 + 500);
}

const confirmDialog = (page: Page) => page.getByRole("dialog", { name: "Confirm it's you" });

/** Confirms with the password; the dialog closes and the action goes on. */
async function confirmWithPassword(page: Page, password = TEST_PASSWORD) {
  const dialog = confirmDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Your password").fill(password);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
}

test("an old sign-in is asked to confirm before export, password change, passkeys, recovery codes, import and deletion, at 360 px", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("reauth");
  await signIn(page, { name: "Rosalind Reauth", email });
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Sign-in and security" })).toBeVisible();

  // Export: asked first (a download link cannot show the server's 403), a wrong password is
  // refused in the dialog, the right one starts the download.
  await letSignInAge(page);
  await page.getByRole("link", { name: "Download JSON" }).click();
  const dialog = confirmDialog(page);
  await expect(dialog).toBeVisible();
  // The dialog fits the phone and passes axe's serious and critical rules.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => v.id),
  ).toEqual([]);
  await dialog.getByLabel("Your password").fill("not the password at all");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByText("That password is not right.")).toBeVisible();
  await dialog.getByLabel("Your password").fill(TEST_PASSWORD);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "Confirm" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^flockkeeper-export-.*\.json$/);
  const exported = await fs.readFile((await download.path())!, "utf8");
  expect(JSON.parse(exported).format).toBe("flockkeeper-export");

  // Password change: the server answers 403 REAUTH_REQUIRED, the dialog asks, the change goes on.
  await letSignInAge(page);
  await page.getByLabel("Current password").fill(TEST_PASSWORD);
  await page.getByLabel("New password").fill("the hens roost at dusk");
  await page.getByRole("button", { name: "Change password" }).click();
  await confirmWithPassword(page);
  await expect(page.getByText("Password changed").first()).toBeVisible();
  const password = "the hens roost at dusk";

  // Adding a passkey after the window: confirm, then the authenticator makes it.
  await addVirtualAuthenticator(page);
  await letSignInAge(page);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await confirmWithPassword(page, password);
  await expect(page.getByRole("list", { name: "Your passkeys" }).getByRole("listitem")).toHaveCount(
    1,
  );

  // New recovery codes, confirmed with the passkey this time (no password typed).
  await letSignInAge(page);
  await page.getByRole("button", { name: "Make new recovery codes" }).click();
  await expect(confirmDialog(page)).toBeVisible();
  await confirmDialog(page).getByRole("button", { name: "Use a passkey" }).click();
  await expect(confirmDialog(page)).toBeHidden();
  await expect(page.getByRole("list", { name: "New recovery codes" }).locator("code")).toHaveCount(
    10,
  );
  await page.getByRole("button", { name: "I have saved them" }).click();

  // Import (this account has no records, so the empty export goes back in).
  await letSignInAge(page);
  await page.getByLabel("Export file (.json)").setInputFiles({
    name: "export.json",
    mimeType: "application/json",
    buffer: Buffer.from(exported),
  });
  await confirmWithPassword(page, password);
  await expect(page.getByText("Import complete").first()).toBeVisible();

  // Deletion: cancelling the confirmation deletes nothing and shows no error.
  await letSignInAge(page);
  await page.getByRole("button", { name: "Delete my account" }).click();
  const del = page.getByRole("dialog", { name: "Delete your account?" });
  await del.getByLabel(/Type your email/).fill(email);
  await del.getByRole("button", { name: "Delete everything" }).click();
  await expect(confirmDialog(page)).toBeVisible();
  await confirmDialog(page).getByRole("button", { name: "Cancel" }).click();
  await expect(confirmDialog(page)).toBeHidden();
  await expect(del.getByRole("alert")).toHaveCount(0);
  const still = await page.evaluate(async () => (await fetch("/api/auth/user")).status);
  expect(still).toBe(200);
  // Then confirmed: the account is deleted and the browser is signed out.
  await del.getByRole("button", { name: "Delete everything" }).click();
  await confirmWithPassword(page, password);
  await page.waitForURL((url) => url.pathname === "/");
  const after = await page.evaluate(async () => (await fetch("/api/auth/user")).status);
  expect(after).toBe(401);
});
