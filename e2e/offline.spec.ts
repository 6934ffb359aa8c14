import path from "node:path";
import { fileURLToPath } from "node:url";
import { devices, expect, test, type Browser, type Page } from "@playwright/test";
import { canvasPng, signIn } from "./helpers";

const DROPPINGS = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "fixtures",
  "droppings.jpg",
);

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

/** The keeper's own calendar date, as the page computes it. */
const localDate = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    const pad = (x: number) => String(x).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  });

/** A POST that must succeed; its answer. */
async function created<T>(page: Page, url: string, data: object): Promise<T> {
  const res = await page.request.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/**
 * One visit online with the service worker in control: the flocks and today's baskets, then the
 * local copy written. Ends on the Egg Tracking tab.
 */
async function visitOnline(page: Page) {
  await page.goto("/chicken-tracker");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
  await expect(page.getByTestId("flock-card").first()).toBeVisible();
  await page.getByRole("tab", { name: "Egg Tracking" }).click();
  await expect(page.getByTestId("basket-row").first()).toBeVisible();
  await expect.poll(() => localCopySaved(page)).toBe(true);
  await page.waitForTimeout(1500);
}

/** A second keeper joins `owner`'s farm in a browser of their own (at phone width). */
async function secondKeeper(owner: Page, browser: Browser) {
  const baseURL = test.info().project.use.baseURL!;
  const farms = (await (await owner.request.get("/api/farms")).json()) as {
    currentFarmId: string;
  };
  const { token } = await created<{ token: string }>(
    owner,
    `/api/farms/${farms.currentFarmId}/invitations`,
    { role: "keeper" },
  );
  const context = await browser.newContext({
    ...devices["Pixel 7"],
    baseURL,
    extraHTTPHeaders: { origin: baseURL },
  });
  const page = await context.newPage();
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, { name: "Kit Keeper" });
  const joined = await page.request.post(`/api/invitations/${token}/accept`);
  expect(joined.status(), await joined.text()).toBe(200);
  const me = (await (await page.request.get("/api/auth/user")).json()) as { id: string };
  return { context, page, farmId: farms.currentFarmId, userId: me.id };
}

test("offline: the connection drops in the middle of the sync; sent again, each record is kept once", async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, { name: "Dora Drop" });
  const today = await localDate(page);
  const flock = await created<{ id: string }>(page, "/api/flocks", {
    name: NAME,
    startDate: today,
    headcount: 10,
    females: 10,
  });
  await visitOnline(page);

  await context.setOffline(true);
  await page.reload();
  await page.getByRole("tab", { name: "Egg Tracking" }).click();
  await page.getByLabel(`Eggs from ${NAME}`).fill("7");
  await page.getByRole("button", { name: "Save baskets" }).tap();
  await expect(page.getByTestId("pending-count")).toHaveText("1 change waiting to be sent");
  await page.getByRole("tab", { name: "My Flock" }).click();
  const card = page.getByTestId("flock-card").filter({ hasText: NAME });
  await card.click();
  const detail = page.getByRole("dialog", { name: NAME });
  await detail.getByRole("button", { name: "Record event" }).click();
  await detail.getByLabel("What happened").selectOption("died");
  await detail.getByLabel("Count").fill("1");
  await detail.getByLabel("Females").fill("1");
  await detail.getByRole("button", { name: "Save event" }).click();
  await expect(page.getByTestId("pending-count")).toHaveText("2 changes waiting to be sent");
  await detail.getByRole("button", { name: "Close" }).click();

  // The second request of the sync (the death) reaches the server, but its answer is lost.
  const keys: string[] = [];
  let dropped = false;
  await page.route("**/api/flocks/*/events", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    if (dropped) return route.fallback();
    dropped = true;
    await route.fetch(); // The server writes the event...
    await route.abort("connectionreset"); // ...and the phone never hears back.
  });
  await context.setOffline(false);
  const syncNow = page.getByRole("button", { name: "Sync now" });
  await expect(page.getByTestId("pending-count")).toHaveText("1 change waiting to be sent", {
    timeout: 20_000,
  });
  expect(dropped).toBe(true);

  // Sent again under the same key: the server answers with its first answer, no second event.
  await syncNow.click();
  await expect(page.getByTestId("pending-changes")).toHaveCount(0, { timeout: 20_000 });
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  const baskets = (await (
    await page.request.get(`/api/egg-collections?from=${today}&to=${today}`)
  ).json()) as { flockId: string; eggs: number }[];
  expect(baskets.filter((b) => b.flockId === flock.id)).toEqual([
    expect.objectContaining({ eggs: 7 }),
  ]);
  const events = (await (await page.request.get(`/api/flocks/${flock.id}/events`)).json()) as {
    type: string;
  }[];
  expect(events.filter((e) => e.type === "died")).toHaveLength(1);
  await expect(card.getByTestId("flock-headcount")).toHaveText("9 birds (9 females)");
});

test("offline: edits to records another keeper changed or deleted meanwhile show what happened", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(200_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, { name: "Olive Owner" });
  const today = await localDate(page);
  const flockA = await created<{ id: string }>(page, "/api/flocks", {
    name: "Coop A",
    startDate: today,
    headcount: 10,
    females: 10,
  });
  const flockB = await created<{ id: string }>(page, "/api/flocks", {
    name: "Coop B",
    startDate: today,
    headcount: 6,
    females: 6,
  });
  const basketA = await created<{ id: string }>(page, "/api/egg-collections", {
    flockId: flockA.id,
    date: today,
    eggs: 5,
  });
  const basketB = await created<{ id: string }>(page, "/api/egg-collections", {
    flockId: flockB.id,
    date: today,
    eggs: 4,
  });
  const kit = await secondKeeper(page, browser);
  await visitOnline(page);
  await expect(page.getByLabel("Eggs from Coop A")).toHaveValue("5");

  // Olive loses the signal. Meanwhile Kit, in the other browser, corrects Coop A's basket
  // (9 eggs, 2 cracked) and deletes Coop B's.
  await context.setOffline(true);
  const patched = await kit.page.request.patch(`/api/egg-collections/${basketA.id}`, {
    data: { eggs: 9, cracked: 2 },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  const deleted = await kit.page.request.delete(`/api/egg-collections/${basketB.id}`);
  expect(deleted.status(), await deleted.text()).toBeLessThan(300);

  // Olive, still seeing 5 and 4, corrects both baskets offline: her edits are the later ones.
  await page.getByLabel("Eggs from Coop A").fill("7");
  await page.getByLabel("Eggs from Coop B").fill("6");
  await page.getByRole("button", { name: "Save baskets" }).tap();
  await expect(page.getByTestId("pending-count")).toHaveText("2 changes waiting to be sent");

  await context.setOffline(false);
  const pending = page.getByTestId("pending-changes");
  await expect(page.getByTestId("pending-count")).toHaveText(
    "1 not saved · 1 sent over a change by someone else",
    { timeout: 20_000 },
  );
  // Coop A: her eggs replaced Kit's 9, and Kit's cracked count (a field she did not touch) stays.
  await expect(pending.getByTestId("change-conflict")).toHaveText(
    "Sent. eggs: your 7 replaced 9, set by someone else meanwhile.",
  );
  // Coop B: the basket was deleted meanwhile, so her change is shown as not applied.
  await expect(
    pending.getByTestId("pending-change").filter({ hasText: "Coop B" }).getByRole("alert"),
  ).toHaveText(/Not applied: the record is no longer there/);
  const baskets = (await (
    await page.request.get(`/api/egg-collections?from=${today}&to=${today}`)
  ).json()) as { id: string; eggs: number; cracked: number | null }[];
  expect(baskets.map((b) => ({ id: b.id, eggs: b.eggs, cracked: b.cracked }))).toEqual([
    { id: basketA.id, eggs: 7, cracked: 2 },
  ]);
  await expect(page.getByLabel("Eggs from Coop A")).toHaveValue("7");

  // Seen: dismissed and discarded, the list is gone.
  await page.getByRole("button", { name: /^Dismiss Coop A/ }).click();
  await page.getByRole("button", { name: /^Discard Coop B/ }).click();
  await expect(pending).toHaveCount(0);
  await kit.context.close();
});

test("offline: a change kept for a farm the keeper was removed from is refused and shown; nothing is written", async ({
  page,
  browser,
}) => {
  test.setTimeout(200_000);
  await signIn(page, { name: "Olive Owner" });
  const today = await localDate(page);
  const flock = await created<{ id: string }>(page, "/api/flocks", {
    name: NAME,
    startDate: today,
    headcount: 10,
    females: 10,
  });
  await created(page, "/api/egg-collections", { flockId: flock.id, date: today, eggs: 3 });
  const kit = await secondKeeper(page, browser);
  await visitOnline(kit.page);

  // Kit logs a death offline; meanwhile the owner removes Kit from the farm.
  await kit.context.setOffline(true);
  await kit.page.getByRole("tab", { name: "My Flock" }).click();
  await kit.page.getByTestId("flock-card").filter({ hasText: NAME }).click();
  const detail = kit.page.getByRole("dialog", { name: NAME });
  await detail.getByRole("button", { name: "Record event" }).click();
  await detail.getByLabel("What happened").selectOption("died");
  await detail.getByLabel("Count").fill("2");
  await detail.getByLabel("Females").fill("2");
  await detail.getByRole("button", { name: "Save event" }).click();
  await expect(kit.page.getByTestId("pending-count")).toHaveText("1 change waiting to be sent");
  await detail.getByRole("button", { name: "Close" }).click();
  const removed = await page.request.delete(`/api/farms/${kit.farmId}/members/${kit.userId}`);
  expect(removed.status(), await removed.text()).toBeLessThan(300);

  await kit.context.setOffline(false);
  await expect(kit.page.getByTestId("pending-count")).toHaveText("1 not saved", {
    timeout: 20_000,
  });
  await expect(kit.page.getByTestId("pending-change").getByRole("alert")).toHaveText(/Not saved: /);
  // Nothing written on the owner's farm.
  const events = (await (await page.request.get(`/api/flocks/${flock.id}/events`)).json()) as {
    type: string;
  }[];
  expect(events.filter((e) => e.type === "died")).toEqual([]);
  await kit.page.getByRole("button", { name: /^Discard / }).click();
  await expect(kit.page.getByTestId("pending-changes")).toHaveCount(0);
  await kit.context.close();
});

test("offline: a feed record and a Today task done are kept, survive a reload and are sent once", async ({
  page,
  context,
}) => {
  test.setTimeout(200_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, { name: "Fern Feeder" });
  const hen = await created<{ id: string }>(page, "/api/chickens", {
    name: "Clover",
    breed: "Sussex",
  });
  // A Newcastle dose 370 days ago: the annual one is due (a Today task).
  const yearAgo = new Date(Date.now() - 370 * 86_400_000).toISOString().slice(0, 10);
  await created(page, "/api/vaccinations", {
    vaccine: "Newcastle Disease",
    birdName: "Clover",
    date: yearAgo,
  });
  const vaccination = "Newcastle Disease vaccination for Clover";

  // One visit online to each page, the service worker in control.
  await page.goto("/today");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
  const todo = page.getByRole("list", { name: "Tasks to do" });
  await expect(todo.getByRole("heading", { name: vaccination })).toBeVisible();
  // The local copy is written a second after the answers settle: let Today's reach it.
  await expect.poll(() => localCopySaved(page)).toBe(true);
  await page.waitForTimeout(1500);
  await page.goto("/production-dashboard");
  await page.getByRole("tab", { name: "Data Entry" }).click();
  await expect(page.getByRole("button", { name: "Add feed record" })).toBeVisible();
  await expect.poll(() => localCopySaved(page)).toBe(true);
  await page.waitForTimeout(1500);

  // No signal: a feed record, then the task marked done.
  await context.setOffline(true);
  await page.getByRole("button", { name: "Add feed record" }).click();
  const feedDialog = page.getByRole("dialog", { name: "Add Feed Record" });
  await feedDialog.getByLabel("Chicken").selectOption({ label: "Clover" });
  await feedDialog.getByLabel("Feed type").fill("Layer feed");
  await feedDialog.getByLabel("Feed amount (lbs)").fill("2");
  await feedDialog.getByRole("button", { name: "Save" }).click();
  await expect(feedDialog).toBeHidden();
  await expect(
    page.getByText("Feed record added: kept on this phone", { exact: true }),
  ).toBeVisible();
  await expect(page.getByTestId("pending-count")).toHaveText("1 change waiting to be sent");

  await page.goto("/today");
  await page.getByRole("button", { name: `Mark done: ${vaccination}` }).click();
  await expect(
    page.getByText(`Done: ${vaccination}: kept on this phone`, { exact: true }),
  ).toBeVisible();
  await expect(page.getByTestId("pending-count")).toHaveText("2 changes waiting to be sent");

  // Reopened offline: both still wait, in the order they were made.
  await page.reload();
  await expect(page.getByTestId("pending-count")).toHaveText("2 changes waiting to be sent");
  await page.getByText("Show changes").click();
  await expect(page.getByTestId("pending-change")).toHaveText([
    /^Feed record on \d{4}-\d{2}-\d{2}\s*pending/,
    new RegExp(`^Done: ${vaccination}\\s*pending`),
  ]);

  // Online: sent by itself, once each.
  await context.setOffline(false);
  const syncNow = page.getByRole("button", { name: "Sync now" });
  if (await syncNow.isVisible().catch(() => false)) await syncNow.click().catch(() => undefined);
  await expect(page.getByTestId("pending-changes")).toHaveCount(0, { timeout: 20_000 });
  const feed = (await (
    await page.request.get(`/api/feed-records/recent?days=7&today=${await localDate(page)}`)
  ).json()) as { chickenId: string }[];
  expect(feed.filter((f) => f.chickenId === hen.id)).toHaveLength(1);
  await expect(page.getByRole("list", { name: "Done tasks" }).getByText(vaccination)).toBeVisible();
});

test("offline: a bird photo and droppings photos wait on the phone, survive a reload and are sent once; the analysis runs when back online", async ({
  page,
  context,
}) => {
  test.setTimeout(200_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, { name: "Pia Photo" });
  const hen = await created<{ id: string }>(page, "/api/chickens", {
    name: "Clover",
    breed: "Sussex",
  });
  // A picture for the bird, drawn while online.
  const picture = await canvasPng(page, {
    width: 1600,
    height: 1200,
    from: "#f59e0b",
    to: "#166534",
  });

  // One visit online to each page (the analyser's disclaimer accepted and remembered).
  await page.goto("/feces-analyzer");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
  const gate = page.getByRole("dialog", { name: "AI Health Analysis Disclaimer" });
  await gate.getByLabel("Remember my choice for future visits").check();
  await page.getByRole("button", { name: "I Understand & Agree" }).click();
  await expect(page.getByRole("button", { name: "Upload Image" })).toBeVisible();
  await page.goto("/chicken-tracker");
  await expect(page.getByRole("button", { name: "Edit Clover" })).toBeVisible();
  await expect.poll(() => localCopySaved(page)).toBe(true);
  await page.waitForTimeout(1500);

  // No signal: a new photo of Clover, taken and saved.
  await context.setOffline(true);
  await page.reload();
  await page.getByRole("button", { name: "Edit Clover" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Bird" });
  await dialog.getByTestId("photo-input").setInputFiles({
    name: "clover.png",
    mimeType: "image/png",
    buffer: picture,
  });
  // Downscaled on the phone as online, and shown from there.
  await expect(dialog.getByRole("img", { name: "Bird photo" })).toHaveAttribute(
    "src",
    /^data:image\/jpeg;base64,/,
  );
  await expect(dialog.getByTestId("photo-kept")).toBeVisible();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(
    page.getByText("Changes to Clover: kept on this phone", { exact: true }),
  ).toBeVisible();
  await expect(page.getByTestId("pending-count")).toHaveText("1 change waiting to be sent");

  // A droppings photo: the analysis says it runs when back online, and shows no result.
  await page.goto("/feces-analyzer");
  await page.getByTestId("droppings-file").setInputFiles(DROPPINGS);
  await expect(page.getByTestId("needs-connection")).toHaveText(
    /the photo is kept on this phone and analysed when you are back online/,
  );
  await page.getByRole("button", { name: "Analyze Health" }).click();
  await expect(page.getByTestId("analysis-kept")).toHaveText(
    /^Kept on this phone: the photo is analysed when you are back online/,
  );
  await expect(page.getByTestId("droppings-results")).toHaveCount(0);
  await expect(page.getByTestId("pending-count")).toHaveText("2 changes waiting to be sent");

  // Reopened offline: both photos are still there, waiting in order.
  await page.reload();
  await expect(page.getByTestId("pending-count")).toHaveText("2 changes waiting to be sent");
  await page.getByText("Show changes").click();
  await expect(page.getByTestId("pending-change")).toHaveText([
    /^Clover: new photo\s*pending/,
    /^Droppings photo\s*pending/,
  ]);
  const stored = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open("flockkeeper-outbox");
        open.onsuccess = () => {
          const req = open.result.transaction("kv").objectStore("kv").getAll();
          req.onsuccess = () =>
            resolve(
              (req.result as unknown[])
                .filter((v) => v instanceof Blob)
                .map((b) => (b as Blob).type),
            );
        };
      }),
  );
  expect(stored).toEqual(["image/jpeg", "image/jpeg"]);

  // A second droppings photo, this page left open: its result shows here once it is analysed.
  await page.getByTestId("droppings-file").setInputFiles(DROPPINGS);
  await page.getByRole("button", { name: "Analyze Health" }).click();
  await expect(page.getByTestId("analysis-kept")).toBeVisible();
  await expect(page.getByTestId("pending-count")).toHaveText("3 changes waiting to be sent");

  const writes: { url: string; key: string | null }[] = [];
  page.on("request", (r) => {
    if (["POST", "PATCH"].includes(r.method()) && /\/api\/(chickens|analyze)/.test(r.url()))
      writes.push({ url: r.url(), key: r.headers()["idempotency-key"] ?? null });
  });
  await context.setOffline(false);
  const syncNow = page.getByRole("button", { name: "Sync now" });
  if (await syncNow.isVisible().catch(() => false)) await syncNow.click().catch(() => undefined);
  await expect(page.getByTestId("pending-changes")).toHaveCount(0, { timeout: 30_000 });
  const results = page.getByTestId("droppings-results");
  await expect(results.getByTestId("health-status")).toHaveText("Healthy");
  await expect(page.getByTestId("analysis-kept")).toHaveCount(0);
  expect(writes).toHaveLength(3);
  for (const w of writes) expect(w.key).toMatch(/^[0-9a-f-]{36}$/);

  // On the server: the bird's photo (stored like an upload), and two analyses, once each.
  const bird = (await (await page.request.get("/api/chickens")).json()) as {
    id: string;
    imageUrl: string | null;
  }[];
  expect(bird.find((b) => b.id === hen.id)?.imageUrl).toMatch(/^\/api\/images\/[a-f0-9]{64}\.jpg$/);
  const analyses = (await (await page.request.get("/api/analyses?kind=droppings")).json()) as {
    status: string;
  }[];
  expect(analyses.map((a) => a.status)).toEqual(["healthy", "healthy"]);
  await expect(page.getByTestId("history-entry")).toHaveCount(2);
});

/** True once the local copy holds today's tasks (lib/local-copy.ts). */
const tasksInCopy = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open("flockkeeper-cache");
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("kv")) return resolve(false);
          const all = db.transaction("kv").objectStore("kv").getAll();
          all.onsuccess = () =>
            resolve(
              (all.result as { state?: { queries?: { queryKey: unknown[] }[] } }[]).some((v) =>
                v?.state?.queries?.some((q) => q.queryKey[0] === "tasks"),
              ),
            );
          all.onerror = () => resolve(false);
        };
      }),
  );

test("offline Today: never reached the phone, it says so; after one online visit to another page, the day's tasks show with their time", async ({
  page,
  context,
}) => {
  test.setTimeout(200_000);
  await signIn(page, { name: "Tess Today" });
  await created(page, "/api/flocks", {
    name: NAME,
    startDate: await localDate(page),
    headcount: 10,
    females: 10,
  });
  await created(page, "/api/chickens", { name: "Clover", breed: "Sussex" });
  const yearAgo = new Date(Date.now() - 370 * 86_400_000).toISOString().slice(0, 10);
  await created(page, "/api/vaccinations", {
    vaccine: "Newcastle Disease",
    birdName: "Clover",
    date: yearAgo,
  });
  const vaccination = "Newcastle Disease vaccination for Clover";

  // Online, but the tasks never arrive (the server could not answer them then).
  await page.route("**/api/tasks?*", (route) => route.abort());
  await visitOnline(page);
  await context.setOffline(true);
  await page.goto("/today");
  await expect(page.getByTestId("tasks-offline")).toHaveText(
    /^Today's tasks are not available offline yet/,
  );
  await expect(page.getByText("Nothing left to do today.")).toHaveCount(0);

  // Online again, Flock Manager only: the day's tasks join the copy anyway.
  await page.unroute("**/api/tasks?*");
  await context.setOffline(false);
  await page.goto("/chicken-tracker");
  await expect(page.getByTestId("flock-card").first()).toBeVisible();
  await expect.poll(() => tasksInCopy(page), { timeout: 20_000 }).toBe(true);
  await page.waitForTimeout(1500);
  await context.setOffline(true);
  await page.goto("/today");
  await expect(
    page.getByRole("list", { name: "Tasks to do" }).getByRole("heading", { name: vaccination }),
  ).toBeVisible();
  await expect(page.getByTestId("tasks-copy")).toHaveText(/^Offline: the list as it was at \d/);
});

test("offline: an edit made before another keeper's later edit of the same field keeps theirs, and says so", async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(200_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, { name: "Olive Owner" });
  const today = await localDate(page);
  const flock = await created<{ id: string }>(page, "/api/flocks", {
    name: "Coop A",
    startDate: today,
    headcount: 10,
    females: 10,
  });
  const basket = await created<{ id: string }>(page, "/api/egg-collections", {
    flockId: flock.id,
    date: today,
    eggs: 5,
  });
  const kit = await secondKeeper(page, browser);
  await visitOnline(page);

  // Olive corrects the basket offline first...
  await context.setOffline(true);
  await page.getByLabel("Eggs from Coop A").fill("7");
  await page.getByRole("button", { name: "Save baskets" }).tap();
  await expect(page.getByTestId("pending-count")).toHaveText("1 change waiting to be sent");
  // ...then Kit, online, sets the same field later.
  await page.waitForTimeout(1100);
  const patched = await kit.page.request.patch(`/api/egg-collections/${basket.id}`, {
    data: { eggs: 9 },
  });
  expect(patched.status(), await patched.text()).toBe(200);

  await context.setOffline(false);
  await expect(page.getByTestId("pending-count")).toHaveText(
    "1 sent over a change by someone else",
    { timeout: 20_000 },
  );
  await expect(page.getByTestId("change-conflict")).toHaveText(
    "Sent. eggs: kept 9, set later by someone else; your 7 was not applied.",
  );
  const baskets = (await (
    await page.request.get(`/api/egg-collections?from=${today}&to=${today}`)
  ).json()) as { id: string; eggs: number }[];
  expect(baskets.map((b) => ({ id: b.id, eggs: b.eggs }))).toEqual([{ id: basket.id, eggs: 9 }]);
  await expect(page.getByLabel("Eggs from Coop A")).toHaveValue("9");
  await kit.context.close();
});
