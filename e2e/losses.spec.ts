import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

// Issue 20 item 5: a keeper records a death in a flock with the cause unknown, sees where to have
// the body examined while recording it (what to do with the body, US/UK/EU labs) and again on the
// recorded event, at desktop width and at 360 px.

const NAME = "Coop A";

test("a death with an unknown cause points to a necropsy, in the form and on the event", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, { name: "Lou Losses" });
  const created = await page.request.post("/api/flocks", {
    data: {
      name: NAME,
      headcount: 12,
      females: 12,
      startDate: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10),
    },
  });
  expect(created.status()).toBe(201);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/chicken-tracker");
  await page.getByTestId("flock-card").filter({ hasText: NAME }).click();
  const detail = page.getByRole("dialog", { name: NAME });
  await detail.getByRole("button", { name: "Record event" }).click();
  const form = detail.getByRole("form", { name: "Record event" });
  await form.getByLabel("What happened").selectOption("died");
  await form.getByLabel("Count").fill("1");
  await form.getByLabel("Loss cause").selectOption("unknown");
  const advice = form.getByTestId("loss-advice");
  await expect(advice).toContainText("have the body examined (necropsy)");
  await expect(advice).toContainText("The cause is unknown.");
  await expect(advice).toContainText("Do not freeze it");
  await expect(advice).toContainText("NAHLN");
  await expect(advice).toContainText("APHA");
  // A named ordinary condition explains it: the advice goes; unknown again brings it back.
  await form.getByLabel("Loss cause").selectOption("egg_bound");
  await expect(form.getByTestId("loss-advice")).toHaveCount(0);
  await form.getByLabel("Loss cause").selectOption("unknown");
  await form.getByLabel("Cause (optional)").fill("found under the perch");
  await form.getByRole("button", { name: "Save event" }).click();

  await expect(detail.getByTestId("detail-headcount")).toHaveText("11 birds");
  const died = detail.getByTestId("flock-event").filter({ hasText: "Died" });
  await expect(died).toContainText("cause: unknown");
  await expect(died).toContainText("found under the perch");
  await died.getByText("Find out why: have the body examined (necropsy)").click();
  await expect(died.getByTestId("loss-advice")).toContainText("Chill it at once");

  // The same at phone width: the recorded advice fits the screen.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(died.getByTestId("loss-advice")).toContainText("United Kingdom");
  await expect(died.getByTestId("loss-advice")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const box = await died.getByTestId("loss-advice").boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);

  // The API answer carries the cause, so the advice survives a reload.
  await page.reload();
  await page.getByTestId("flock-card").filter({ hasText: NAME }).click();
  await expect(
    page
      .getByRole("dialog", { name: NAME })
      .getByTestId("flock-event")
      .filter({ hasText: "Died" })
      .getByText("Find out why: have the body examined (necropsy)"),
  ).toBeVisible();
});

test("a bird's death recorded at phone width shows the advice while recording", async ({
  page,
}) => {
  await signIn(page, { name: "Pat Phone" });
  await page.setViewportSize({ width: 360, height: 800 });
  const bird = await page.request.post("/api/chickens", {
    data: { name: "Hetty", breed: "Sussex" },
  });
  expect(bird.status()).toBe(201);
  await page.goto("/chicken-tracker");
  await page
    .getByRole("button", { name: /Record loss/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Record loss / sale of Hetty" });
  await dialog.getByLabel("Loss cause").selectOption("unknown");
  await expect(dialog.getByTestId("loss-advice")).toContainText("Do not freeze it");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await dialog.getByRole("button", { name: "Record" }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId("bird-card").filter({ hasText: "Hetty" });
  await expect(card.getByTestId("bird-outcome")).toHaveText(/^Died .+ \(cause: unknown\)$/);
  await expect(card.getByText("Find out why: have the body examined (necropsy)")).toBeVisible();
  const saved = await (await page.request.get(`/api/chickens/${(await bird.json()).id}`)).json();
  expect(saved).toMatchObject({ outcome: "died", outcomeCause: "unknown" });
});
