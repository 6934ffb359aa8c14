import { expect, test, type Page } from "@playwright/test";

/*
 * The shared camera overlay with Chromium's fake camera (a generated test pattern, permission
 * granted without a prompt): live video, capture to a JPEG data URL, and every track stopped on
 * capture or Cancel. The offline analyser then reads the captured photo.
 */
test.use({
  permissions: ["camera"],
  launchOptions: {
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
    ],
  },
});

/** Keeps every stream the page opens, to check later that all their tracks were stopped. */
async function recordStreams(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __streams: MediaStream[] };
    w.__streams = [];
    const md = navigator.mediaDevices;
    const original = md.getUserMedia.bind(md);
    md.getUserMedia = async (c) => {
      const s = await original(c);
      w.__streams.push(s);
      return s;
    };
  });
}

/** readyState ('live' or 'ended') of every track of every stream the page opened. */
const trackStates = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __streams: MediaStream[] }).__streams
      .flatMap((s) => s.getTracks())
      .map((t) => t.readyState),
  );

test("droppings: take a photo, every track stops, then analyse it", async ({ page }) => {
  await recordStreams(page);
  await page.goto("/feces-analyzer");
  await page.getByRole("button", { name: "I Understand & Agree" }).click();
  await page.getByRole("button", { name: "Take Photo" }).click();

  const camera = page.getByRole("dialog", { name: "Feces Health Analysis" });
  await expect(camera).toBeVisible();
  await expect(
    camera.getByText("Position the feces sample in the frame for best results"),
  ).toBeVisible();
  await expect(camera.getByText("Position droppings in frame")).toBeVisible();
  const capture = camera.getByRole("button", { name: "Capture Photo" });
  await expect(capture).toBeEnabled();
  const live = await trackStates(page);
  expect(live).toContain("live");
  await camera.getByRole("button", { name: "Zoom in" }).click();
  await expect(camera.getByText("1.5x")).toBeVisible();

  await capture.click();
  await expect(camera).toHaveCount(0);
  await expect(
    page
      .getByText(/^(Feces photo ready for AI analysis!|Photo compressed and ready for analysis!)$/)
      .first(),
  ).toBeVisible();
  const states = await trackStates(page);
  expect(states.length).toBeGreaterThan(0);
  expect(states.every((s) => s === "ended")).toBe(true);

  await page.getByRole("button", { name: "Analyze Health" }).click();
  await expect(
    page.getByTestId("droppings-results").getByText("Basic offline analysis", { exact: true }),
  ).toBeVisible();
});

test("closing the camera with Cancel stops every track", async ({ page }) => {
  await recordStreams(page);
  await page.goto("/chicken-identifier");
  await page.getByRole("button", { name: "Take Photo" }).click();
  const camera = page.getByRole("dialog", { name: "Breed Identification" });
  await expect(camera.getByRole("button", { name: "Capture Photo" })).toBeEnabled();
  await camera.getByRole("button", { name: "Cancel" }).click();
  await expect(camera).toHaveCount(0);
  const states = await trackStates(page);
  expect(states.length).toBeGreaterThan(0);
  expect(states.every((s) => s === "ended")).toBe(true);
});
