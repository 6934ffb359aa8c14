import { expect, test, type Page, type Request } from "@playwright/test";
import { signIn } from "./helpers";

// Issue 19 item 5, at phone width: a keeper corrects an egg count and sees the new total; deletes
// a feed record, takes it back with Undo (nothing is sent), deletes it again and after 5 s it is
// gone for good, also after a reload.

const localToday = () => {
  const d = new Date();
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/** Every DELETE the page sends from now on. */
function deletesSent(page: Page): Request[] {
  const sent: Request[] = [];
  page.on("request", (r) => {
    if (r.method() === "DELETE") sent.push(r);
  });
  return sent;
}

test("a keeper corrects an egg count and undoes a deletion, at 360 px", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, { name: "Cora Rection" });
  const bird = await page.request.post("/api/chickens", {
    data: { name: "Mabel", breed: "Sussex", sex: "hen" },
  });
  expect(bird.status()).toBe(201);
  const hen = (await bird.json()) as { id: string };

  // Log an egg record through the form, then correct its count.
  await page.goto("/chicken-tracker");
  await page.getByRole("tab", { name: "Egg Tracking" }).click();
  await page.getByRole("button", { name: "Add Egg Record" }).first().click();
  const add = page.getByRole("dialog", { name: "Add Egg Record" });
  await add.getByLabel("Bird").selectOption(hen.id);
  await add.getByLabel("Eggs laid").fill("3");
  await add.getByRole("button", { name: "Add Record" }).click();
  await expect(add).toBeHidden();
  const todayTile = page.getByTestId("egg-stat-Today");
  await expect(todayTile).toHaveText("3");

  await page.getByRole("button", { name: /^Edit egg record for Mabel/ }).click();
  const edit = page.getByRole("dialog", { name: "Edit Egg Record" });
  await expect(edit.getByLabel("Eggs laid")).toHaveValue("3");
  await edit.getByLabel("Eggs laid").fill("5");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit).toBeHidden();
  await expect(todayTile).toHaveText("5");
  await expect(page.getByText("5 eggs", { exact: true })).toBeVisible();

  // A feed record: delete it, Undo, delete again and let the 5 s pass.
  const feed = await page.request.post("/api/feed-records", {
    data: { chickenId: hen.id, date: localToday(), feedType: "Layer feed", feedAmount: 1 },
  });
  expect(feed.status()).toBe(201);
  await page.goto("/production-dashboard");
  await page.getByRole("tab", { name: "Data Entry" }).click();
  const row = page.getByText("Mabel: 1 lbs Layer feed");
  await expect(row).toBeVisible();
  const sent = deletesSent(page);

  await page.getByRole("button", { name: /^Delete feed record for Mabel/ }).click();
  await expect(row).toBeHidden();
  // The toast (role status) with its Undo button; Radix also reads it out in a live region.
  const toast = page
    .getByRole("status")
    .filter({ has: page.getByRole("button", { name: "Undo" }) });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Feed record deleted");
  // Undo from the keyboard.
  const undo = toast.getByRole("button", { name: "Undo" });
  await undo.focus();
  await page.keyboard.press("Enter");
  await expect(row).toBeVisible();
  await page.waitForTimeout(5_500);
  expect(sent, "Undo sends nothing").toHaveLength(0);

  await page.getByRole("button", { name: /^Delete feed record for Mabel/ }).click();
  await expect(row).toBeHidden();
  await page.waitForTimeout(3_000);
  expect(sent, "nothing is sent within the 5 s").toHaveLength(0);
  await expect.poll(() => sent.length, { timeout: 5_000 }).toBe(1);
  expect(sent[0]!.url()).toMatch(/\/api\/feed-records\/[0-9a-f-]{36}$/);
  const answered = await sent[0]!.response();
  expect(answered?.status()).toBe(204);
  await page.reload();
  await page.getByRole("tab", { name: "Data Entry" }).click();
  await expect(page.getByText("No feed recorded in this period.")).toBeVisible();
  await expect(row).toBeHidden();
});
