import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./helpers";

// Issue 23: a signed-in keeper with a flock goes offline, reloads and still sees their name and
// flock (the local copy in IndexedDB), logs today's basket and a death, closes the page and opens
// it again offline (2 changes pending), goes online, syncs, and the server has exactly one record
// of each (every write carried its Idempotency-Key).

const NAME = "Barn hens";

/** True once the local copy (lib/local-copy.ts) has been written for someone. */
const localCopySaved = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open("flockkeeper-cache");
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("kv")) return resolve(false);
          const get = db.transaction("kv").objectStore("kv").get("last-user");
          get.onsuccess = () => resolve(typeof get.result === "string");
          get.onerror = () => resolve(false);
        };
      }),
  );

test("offline: the flock shows from the local copy, a basket and a death are kept and sent once", async ({
  page: firstPage,
  context,
}) => {
  test.setTimeout(150_000);
  let page = firstPage;
  await signIn(page, { name: "Olive Offline" });
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  });
  const created = await page.request.post("/api/flocks", {
    data: { name: NAME, startDate: today, headcount: 10, females: 10 },
  });
  expect(created.status()).toBe(201);
  const flock = (await created.json()) as { id: string };

  // One visit online: the flock, its detail and today's baskets.
  await page.goto("/chicken-tracker");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
  const card = page.getByTestId("flock-card").filter({ hasText: NAME });
  await expect(card.getByTestId("flock-headcount")).toHaveText("10 birds (10 females)");
  await card.click();
  const detail = page.getByRole("dialog", { name: NAME });
  await expect(detail.getByTestId("detail-headcount")).toHaveText("10 birds");
  await detail.getByRole("button", { name: "Close" }).click();
  await page.getByRole("tab", { name: "Egg Tracking" }).click();
  await expect(page.getByTestId("basket-row")).toHaveCount(1);
  await expect.poll(() => localCopySaved(page)).toBe(true);
  // Let the last answers reach the copy (it is written a second after the cache settles).
  await page.waitForTimeout(1500);

  // No signal: the reload shows the keeper, the farm's flock and when the copy was made.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("user-name").first()).toHaveText("Olive");
  await expect(page.getByTestId("offline-note")).toHaveText(
    /^Offline · last updated \d{1,2}[:.]\d{2}/,
  );
  await expect(card.getByTestId("flock-headcount")).toHaveText("10 birds (10 females)");

  // Today's basket of 7.
  await page.getByRole("tab", { name: "Egg Tracking" }).click();
  await page.getByLabel(`Eggs from ${NAME}`).fill("7");
  await page.getByRole("button", { name: "Save baskets" }).tap();
  await expect(page.getByText("Kept on this phone", { exact: true })).toBeVisible();
  await expect(page.getByTestId("pending-count")).toHaveText("1 change waiting to be sent");

  // One hen died.
  await page.getByRole("tab", { name: "My Flock" }).click();
  await card.click();
  await detail.getByRole("button", { name: "Record event" }).click();
  await detail.getByLabel("What happened").selectOption("died");
  await detail.getByLabel("Count").fill("1");
  await detail.getByLabel("Females").fill("1");
  await detail.getByRole("button", { name: "Save event" }).click();
  await expect(page.getByText(/kept on this phone$/)).toBeVisible();
  await expect(page.getByTestId("pending-count")).toHaveText("2 changes waiting to be sent");

  // Closed and opened again, still offline: both changes are still waiting.
  await page.close();
  page = await context.newPage();
  await page.goto("/chicken-tracker");
  await expect(page.getByTestId("user-name").first()).toHaveText("Olive");
  await expect(page.getByTestId("pending-count")).toHaveText("2 changes waiting to be sent");
  await expect(page.getByText("Sent when you are back online.")).toBeVisible();
  await page.getByText("Show changes").click();
  await expect(page.getByTestId("pending-change")).toHaveText([
    /Barn hens: basket of 7 eggs on \d{4}-\d{2}-\d{2}\s*pending/,
    /Barn hens: died, 1 on \d{4}-\d{2}-\d{2}\s*pending/,
  ]);
  // What needs the server says so rather than trying.
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByText("Logging out needs a connection", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Close menu" }).click();

  // Back online: sent by itself (or with Sync now), and gone from the list.
  const posts: { url: string; key: string | null }[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes("/api/"))
      posts.push({ url: r.url(), key: r.headers()["idempotency-key"] ?? null });
  });
  await context.setOffline(false);
  const syncNow = page.getByRole("button", { name: "Sync now" });
  if (await syncNow.isVisible().catch(() => false)) await syncNow.click().catch(() => undefined);
  await expect(page.getByTestId("pending-changes")).toHaveCount(0, { timeout: 20_000 });
  const writes = posts.filter((p) => !p.url.includes("/api/track") && !p.url.includes("/events/"));
  for (const w of writes) expect(w.key).toMatch(/^[0-9a-f-]{36}$/);

  // Exactly one record of each on the server.
  const baskets = (await (
    await page.request.get(`/api/egg-collections?from=${today}&to=${today}`)
  ).json()) as { flockId: string; eggs: number }[];
  expect(baskets.filter((b) => b.flockId === flock.id)).toEqual([
    expect.objectContaining({ eggs: 7 }),
  ]);
  const events = (await (await page.request.get(`/api/flocks/${flock.id}/events`)).json()) as {
    type: string;
    count: number;
  }[];
  expect(events.filter((e) => e.type === "died")).toEqual([expect.objectContaining({ count: 1 })]);
  // And the page shows them from the server now.
  await expect(
    page.getByTestId("flock-card").filter({ hasText: NAME }).getByTestId("flock-headcount"),
  ).toHaveText("9 birds (9 females)");
});
