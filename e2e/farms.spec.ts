import AxeBuilder from "@axe-core/playwright";
import { devices, expect, test, type Page } from "@playwright/test";
import { signIn, TEST_PASSWORD, uniqueEmail } from "./helpers";

// Issue 18: a farm kept by several people. The owner invites a helper; the helper (a second
// browser) opens the link, creates an account, joins, logs today's eggs for the owner's hen and
// cannot remove the hen; the owner sees who logged the eggs, removes the helper, and the helper's
// next request for the farm's records is refused.

/** No sideways scroll at this width, and no serious or critical axe rule broken. */
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

test("an owner invites a helper, who logs eggs but cannot remove the hen, and is removed", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const baseURL = test.info().project.use.baseURL!;

  // The owner and their hen.
  const owner = await signIn(page, { name: "Olive Owner" });
  const created = await page.request.post("/api/chickens", {
    data: { name: "Henrietta", species: "chicken", breed: "Sussex", sex: "hen" },
  });
  expect(created.status()).toBe(201);
  const hen = (await created.json()) as { id: string };

  // The owner makes a helper's invitation link on the Farm page, at phone width.
  await page.setViewportSize({ width: 320, height: 740 });
  await page.goto("/farm");
  await expect(page.getByRole("heading", { name: "Your farm", level: 1 })).toBeVisible();
  await page.getByLabel("Role", { exact: true }).selectOption("helper");
  await page.getByRole("button", { name: "Create invitation link" }).click();
  const linkBox = page.getByLabel("Invitation link for a helper");
  await expect(linkBox).toHaveValue(/\/invite\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("button", { name: "Copy" })).toBeVisible();
  await expect(page.getByText(/^Expires /)).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Open invitations" }).getByRole("listitem"),
  ).toHaveCount(1);
  await fitsAndPassesAxe(page, "/farm (owner, 320 px)");
  const link = await linkBox.inputValue();
  expect(link.startsWith(`${baseURL}/invite/`)).toBe(true);

  // The helper, in a browser of their own, opens the link signed out.
  const helperContext = await browser.newContext({
    ...devices["Pixel 7"],
    baseURL,
    extraHTTPHeaders: { origin: baseURL },
  });
  const helper = await helperContext.newPage();
  await helper.setViewportSize({ width: 320, height: 740 });
  await helper.goto(link);
  await expect(
    helper.getByRole("heading", { name: new RegExp(`invites you to keep`) }),
  ).toBeVisible();
  await expect(helper.getByText(/^Helper:/)).toBeVisible();
  await fitsAndPassesAxe(helper, "/invite (signed out, 320 px)");

  // Create account: the built-in provider's pages, then back to the invitation.
  await helper.getByRole("button", { name: "Create account" }).click();
  await helper.getByRole("link", { name: "Create an account" }).click();
  await helper.getByLabel("Your name").fill("Hal Helper");
  await helper.getByLabel("Email").fill(uniqueEmail("helper"));
  await helper.getByLabel("Password").fill(TEST_PASSWORD);
  await helper.getByRole("button", { name: "Create account" }).click();
  await helper.getByRole("link", { name: "I have saved my codes, continue" }).click();
  await helper.waitForURL((url) => url.pathname.startsWith("/invite/"));
  await helper.getByRole("button", { name: "Join farm" }).click();
  await helper.waitForURL((url) => url.pathname === "/chicken-tracker");

  // Now on two farms (their own and the owner's): the header's switcher, on a laptop too.
  await helper.setViewportSize({ width: 1280, height: 900 });
  const switcher = helper.getByRole("combobox", { name: "Farm in use" });
  await expect(switcher).toBeVisible();
  await expect(switcher.locator("option")).toHaveCount(2);
  const header = await helper.evaluate(() => {
    const vw = window.innerWidth;
    const out = [`scrollWidth ${document.documentElement.scrollWidth} of ${vw}`];
    for (const el of Array.from(
      document.querySelectorAll<HTMLElement>("header a, header button, header select"),
    )) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.left < 0 || r.right > vw)) out.push(`${el.textContent} runs off`);
    }
    return out;
  });
  expect(header).toEqual(["scrollWidth 1280 of 1280"]);
  await helper.setViewportSize({ width: 320, height: 740 });

  // The helper sees the owner's hen, without Edit or Remove.
  const card = helper.getByTestId("bird-card").filter({ hasText: "Henrietta" });
  await expect(card).toBeVisible();
  await expect(card.getByRole("button", { name: "Remove Henrietta" })).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Edit Henrietta" })).toHaveCount(0);
  // The server refuses it too.
  const del = await helper.request.delete(`/api/chickens/${hen.id}`);
  expect(del.status()).toBe(403);

  // Today's eggs for the hen.
  await helper.getByRole("tab", { name: "Egg Tracking" }).click();
  await helper.getByRole("button", { name: "One egg more for Henrietta" }).click();
  await helper.getByRole("button", { name: "One egg more for Henrietta" }).click();
  await expect(helper.getByLabel("Eggs from Henrietta")).toHaveValue("2");
  await helper.getByRole("button", { name: /^Save 1 count$/ }).click();
  await expect(helper.getByText("Egg record added successfully!", { exact: true })).toBeVisible();
  await expect(helper.getByTestId("egg-stat-Today")).toHaveText("2");

  // The owner sees who logged them.
  await page.goto("/chicken-tracker");
  await page.getByRole("tab", { name: "Egg Tracking" }).click();
  const records = page.getByRole("list", { name: "Recent egg records" });
  await expect(records.getByText(/logged by Hal/)).toBeVisible();
  expect(owner.firstName).toBe("Olive");

  // The owner removes the helper.
  await page.goto("/farm");
  await page.getByRole("button", { name: /^Remove Hal/ }).click();
  const dialog = page.getByRole("dialog", { name: /^Remove Hal/ });
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("button", { name: /^Remove Hal/ })).toHaveCount(0);

  // The helper's next request for the farm's records is refused: the hen is out of reach.
  const again = await helper.request.post("/api/egg-records", {
    data: { chickenId: hen.id, date: new Date().toISOString().slice(0, 10), eggsLaid: 1 },
  });
  expect([403, 404]).toContain(again.status());
  const birds = (await (await helper.request.get("/api/chickens")).json()) as { id: string }[];
  expect(birds.map((b) => b.id)).not.toContain(hen.id);

  // A used link says so.
  await helper.goto(link);
  await expect(helper.getByRole("alert")).toContainText("Ask the farm's owner for a new link");
  await helperContext.close();
});
