import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./helpers";

/*
 * AI vision journeys with the built-in offline analysers (no AI provider configured in e2e):
 * the AI disclaimer gate, droppings upload -> analyse -> results -> history, and breed ID ->
 * add to flock. The fixtures are small JPEGs drawn with sharp (apps/server/src/ai/test/images.ts).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const DROPPINGS = path.join(here, "fixtures", "droppings.jpg");
const BIRD = path.join(here, "fixtures", "bird.jpg");

const disclaimer = (page: Page) =>
  page.getByRole("dialog", { name: "AI Health Analysis Disclaimer" });

test.describe("droppings analyzer disclaimer gate", () => {
  test("declining keeps the analyzer hidden and asks again on the next visit", async ({ page }) => {
    await page.goto("/feces-analyzer");
    await expect(disclaimer(page)).toBeVisible();
    await expect(page.getByRole("button", { name: "Upload Image" })).toHaveCount(0);
    await page.getByRole("button", { name: "I Do Not Agree" }).click();
    await expect(disclaimer(page)).toBeHidden();
    await expect(page.getByRole("button", { name: "Upload Image" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Review disclaimer" })).toBeVisible();
    await page.reload();
    await expect(disclaimer(page)).toBeVisible();
  });

  test("a remembered decline is kept: no modal on reload, analyzer still hidden", async ({
    page,
  }) => {
    await page.goto("/feces-analyzer");
    await disclaimer(page).getByLabel("Remember my choice for future visits").check();
    await page.getByRole("button", { name: "I Do Not Agree" }).click();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("disclaimer-accepted")))
      .toBe("false");
    await page.reload();
    await expect(page.getByRole("button", { name: "Review disclaimer" })).toBeVisible();
    await expect(disclaimer(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Upload Image" })).toHaveCount(0);
  });

  test("accepting with remember reveals the analyzer and stays accepted", async ({ page }) => {
    await page.goto("/feces-analyzer");
    // An outside click does not dismiss it.
    await page.mouse.click(5, 5);
    await expect(disclaimer(page)).toBeVisible();
    await disclaimer(page).getByLabel("Remember my choice for future visits").check();
    await page.getByRole("button", { name: "I Understand & Agree" }).click();
    await expect(page.getByRole("button", { name: "Upload Image" })).toBeVisible();
    const flags = await page.evaluate(() => [
      localStorage.getItem("disclaimer-accepted"),
      localStorage.getItem("analyzer-disclaimer-accepted"),
      localStorage.getItem("disclaimer-timestamp"),
    ]);
    expect(flags.slice(0, 2)).toEqual(["true", "true"]);
    expect(flags[2]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await page.reload();
    await expect(page.getByRole("button", { name: "Upload Image" })).toBeVisible();
    await expect(disclaimer(page)).toHaveCount(0);
  });
});

test("droppings: upload, zoom, analyse, results and saved history", async ({ page }) => {
  await signIn(page, { name: "Dora Droppings" });
  await page.goto("/feces-analyzer");
  await page.getByRole("button", { name: "I Understand & Agree" }).click();

  await page.getByTestId("droppings-file").setInputFiles(DROPPINGS);
  await expect(page.getByText("Zoom: 100%")).toBeVisible();
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(page.getByText("Zoom: 150%")).toBeVisible();
  await expect(page.getByRole("button", { name: "Zoom out" })).toBeEnabled();

  await page.getByRole("button", { name: "Analyze Health" }).click();
  const results = page.getByTestId("droppings-results");
  await expect(results.getByRole("heading", { name: "Health Analysis Results" })).toBeVisible();
  await expect(results.getByTestId("health-status")).toHaveText("Healthy");
  await expect(results.getByText("Basic offline analysis", { exact: true })).toBeVisible();
  await expect(results.getByRole("heading", { name: "Recommendations" })).toBeVisible();
  await expect(results.getByText("Important Warnings")).toBeVisible();
  await expect(page.getByText("Chicken health analysis ready!").first()).toBeVisible();

  await expect(page.getByTestId("history-entry")).toHaveCount(1);
  await expect(page.getByTestId("history-entry").first()).toContainText("healthy");

  await page.getByRole("button", { name: "Choose Different Image" }).click();
  await expect(page.getByRole("button", { name: "Upload Image" })).toBeVisible();
  await expect(results).toHaveCount(0);
});

test("breed ID: identify a photo, then add the bird to the flock", async ({ page }) => {
  await signIn(page, { name: "Bree Breeder" });
  await page.goto("/chicken-identifier");
  await page.getByRole("button", { name: "Identify Breed" }).click();
  await expect(page.getByText("Please select or capture an image first").first()).toBeVisible();

  await page.getByTestId("breed-file").setInputFiles({
    name: "huge.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
  });
  await expect(page.getByText("File too large", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Please select an image under 10MB").first()).toBeVisible();

  await page.getByTestId("breed-file").setInputFiles(BIRD);
  await expect(page.getByRole("img", { name: "Bird to identify" })).toBeVisible();
  await page.getByRole("button", { name: "Identify Breed" }).click();

  const result = page.getByTestId("breed-result");
  await expect(result).toBeVisible();
  await expect(page.getByText("Breed Identified!").first()).toBeVisible();
  await expect(result.getByText("Basic offline analysis", { exact: true })).toBeVisible();
  // Offline confidence is at most 35%: the red tone.
  await expect(result.getByTestId("breed-confidence")).toHaveClass(/bg-red-100/);
  const breed = (await result.getByRole("heading").first().textContent())!.trim();
  const finalScore = await page.evaluate(async () => {
    await new Promise((r) => setTimeout(r, 2300));
    return document.querySelector('[data-testid="rarity-score"]')?.textContent;
  });
  expect(Number(finalScore)).toBeGreaterThan(0);

  await result.getByRole("button", { name: "Import Breed Info" }).click();
  await expect(page.getByText("Breed Information Imported").first()).toBeVisible();

  await result.getByRole("button", { name: "Add to My Flock" }).click();
  const dialog = page.getByRole("dialog", { name: "Add to My Flock" });
  await dialog.getByRole("button", { name: "Add to My Flock" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await dialog.getByLabel("Name", { exact: true }).fill("Ruby");
  await dialog.getByLabel("Sex").selectOption("female");
  await expect(dialog.getByLabel("Notes (optional)")).toHaveValue(new RegExp(breed));
  await dialog.getByRole("button", { name: "Add to My Flock" }).click();
  await expect(page.getByText("Added to Flock!").first()).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const birds = await page.evaluate(async () => (await fetch("/api/chickens")).json());
  const ruby = (
    birds as { name: string; breed: string; sex: string; imageUrl: string | null }[]
  ).find((b) => b.name === "Ruby");
  expect(ruby).toMatchObject({ breed, sex: "female" });
  expect(ruby!.imageUrl).toMatch(/^\/api\/images\//);
});

test("droppings: toasts for a non-image file, enhancement, zoom limits and a failed analysis", async ({
  page,
}) => {
  await page.goto("/feces-analyzer");
  await page.getByRole("button", { name: "I Understand & Agree" }).click();
  const file = page.getByTestId("droppings-file");

  await file.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a photo"),
  });
  await expect(page.getByText("Invalid File", { exact: true }).first()).toBeVisible();
  await expect(
    page.getByText("Please select an image file (JPG, PNG, etc.)").first(),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Analyze Health" })).toHaveCount(0);

  await file.setInputFiles(DROPPINGS);
  await expect(page.getByText("Image Enhanced", { exact: true }).first()).toBeVisible();
  await expect(
    page.getByText("Photo optimized for precise health analysis!").first(),
  ).toBeVisible();
  // The enhanced preview is a JPEG data URL at most 1024 px on its longest side, shown at most 600 px wide.
  const preview = page.getByRole("img", { name: "Droppings photo to analyse" });
  const shown = await preview.evaluate((img: HTMLImageElement) => ({
    src: img.src.slice(0, 23),
    longest: Math.max(img.naturalWidth, img.naturalHeight),
    boxWidth: img.parentElement!.parentElement!.getBoundingClientRect().width,
  }));
  expect(shown.src).toBe("data:image/jpeg;base64,");
  expect(shown.longest).toBeLessThanOrEqual(1024);
  expect(shown.boxWidth).toBeLessThanOrEqual(600);

  const zoomIn = page.getByRole("button", { name: "Zoom in" });
  for (let i = 0; i < 4; i++) await zoomIn.click();
  await expect(page.getByText("Zoom: 300%")).toBeVisible();
  await expect(zoomIn).toBeDisabled();
  // Hovering pans the zoomed photo: the zoom centre follows the pointer.
  const box = (await preview.locator("..").boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.9);
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.style.transformOrigin))
    .toMatch(/^(\d|10)(\.\d+)?% (8\d|9\d)(\.\d+)?%$/);
  await expect(preview).toHaveCSS("transform", /matrix\(3, 0, 0, 3/);
  await page.getByRole("button", { name: "Reset zoom" }).click();
  await expect(page.getByText("Zoom: 100%")).toBeVisible();
  await expect(page.getByRole("button", { name: "Zoom out" })).toBeDisabled();

  // A provider that could not read the photo: the server's message is shown in the toast.
  await page.route("**/api/analyze-feces", async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.fulfill({
      status: 502,
      json: {
        statusCode: 502,
        code: "AI_BAD_ANSWER",
        message:
          "Failed to analyze the image. Please try again. (The AI answer could not be read.)",
      },
    });
  });
  await page.getByRole("button", { name: "Analyze Health" }).click();
  await expect(page.getByRole("button", { name: "Analyzing..." })).toBeDisabled();
  await expect(page.getByText("Analysis Failed", { exact: true }).first()).toBeVisible();
  await expect(
    page.getByText("Failed to analyze the image. Please try again. (The AI answer").first(),
  ).toBeVisible();
  await expect(page.getByTestId("droppings-results")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Analyze Health" })).toBeEnabled();
});

test("Flock Health Center: the scanner is the default tab and gives a full, labelled result", async ({
  page,
}) => {
  await page.goto("/health-diagnostic");
  await expect(page.getByRole("heading", { name: "Flock Health Center", level: 1 })).toBeVisible();
  await expect(page.getByRole("tab", { name: "AI Health Scanner" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await page.getByLabel("Species").selectOption("duck");
  await page.getByTestId("scanner-file").setInputFiles(BIRD);
  await expect(page.getByRole("img", { name: "Bird photo to scan" })).toBeVisible();
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(page.getByText("Zoom: 150%")).toBeVisible();
  await page.getByRole("button", { name: "Analyze Health" }).click();

  const results = page.getByTestId("health-results");
  await expect(results.getByText("Overall score")).toBeVisible();
  await expect(results.getByRole("meter", { name: "Overall health score" })).toBeVisible();
  await expect(results.getByText(/^\d{1,3}\/100$/)).toBeVisible();
  await expect(results.getByText("Basic offline analysis", { exact: true })).toBeVisible();
  await expect(results.getByText(/% confidence$/)).toBeVisible();
  await expect(results.getByRole("heading", { name: "Observations" })).toBeVisible();
  await expect(results.getByRole("heading", { name: "Treatments" })).toBeVisible();
  await expect(page.getByText("Bird health analysis ready!").first()).toBeVisible();

  // A failed scan: the reason stays on the page and the spec's toast is shown.
  await page.route("**/api/analyze-health", (route) =>
    route.fulfill({
      status: 504,
      json: {
        statusCode: 504,
        code: "AI_TIMEOUT",
        message:
          "Request timeout - the AI provider did not answer within 30 seconds. Please try again.",
      },
    }),
  );
  await page.getByRole("button", { name: "Analyze Health" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Failed to analyze health: Request timeout" }),
  ).toBeVisible();
  await expect(
    page
      .getByText("Unable to analyze health from this image. Please try a different photo.")
      .first(),
  ).toBeVisible();
  await page.unroute("**/api/analyze-health");

  // Photos over 10 MB are refused in the browser with the spec's message.
  await page.getByRole("button", { name: "Choose Different Image" }).click();
  await page.getByTestId("scanner-file").setInputFiles({
    name: "huge.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
  });
  await expect(page.getByText("Image size must be less than 10MB").first()).toBeVisible();
  await expect(page.getByRole("img", { name: "Bird photo to scan" })).toHaveCount(0);

  await page.getByRole("tab", { name: "Feces Analyzer" }).click();
  await expect(disclaimer(page)).toBeVisible();
  await page.getByRole("button", { name: "I Understand & Agree" }).click();
  await expect(page.getByRole("button", { name: "Upload Image" })).toBeVisible();

  await page.getByRole("tab", { name: "Symptom Checker" }).click();
  await expect(page.getByRole("button", { name: "Analyze Symptoms" })).toBeVisible();
});

test("AI Diagnostic Suite loads each tool when its tab is opened", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto("/ai-diagnostic-suite");
  await expect(page.getByRole("heading", { name: "AI Diagnostic Suite", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "AI Health Scanner" })).toBeVisible();
  const before = scripts.length;
  await page.getByRole("tab", { name: "Feces Analyzer" }).click();
  await expect(disclaimer(page)).toBeVisible();
  // The droppings analyser came as its own chunk, only now.
  await expect.poll(() => scripts.length).toBeGreaterThan(before);
  await page.getByRole("button", { name: "I Understand & Agree" }).click();
  await expect(page.getByRole("button", { name: "Take Photo" })).toBeVisible();
  await page.getByRole("tab", { name: "Symptom Checker" }).click();
  await expect(page.getByRole("button", { name: "Analyze Symptoms" })).toBeVisible();
  const beforeBreed = scripts.length;
  await page.getByRole("tab", { name: "Breed ID" }).click();
  await expect(page.getByRole("button", { name: "Identify Breed" })).toBeVisible();
  await expect.poll(() => scripts.length).toBeGreaterThan(beforeBreed);
});

test("breed ID tab of the flock manager: the identified bird joins My Flock", async ({ page }) => {
  await signIn(page, { name: "Tab Tester" });
  await page.goto("/chicken-tracker");
  await page.getByRole("tab", { name: "Breed ID" }).click();
  await page.getByTestId("breed-file").setInputFiles(BIRD);
  await page.getByRole("button", { name: "Identify Breed" }).click();
  const result = page.getByTestId("breed-result");
  await expect(result.getByTestId("breed-confidence")).toBeVisible();
  await result.getByRole("button", { name: "Add to My Flock" }).click();
  const dialog = page.getByRole("dialog", { name: "Add to My Flock" });
  await dialog.getByLabel("Name", { exact: true }).fill("Pebble");
  await dialog.getByLabel("Sex").selectOption("rooster");
  await dialog.getByRole("button", { name: "Add to My Flock" }).click();
  await expect(page.getByText("Added to Flock!").first()).toBeVisible();
  await page.getByRole("tab", { name: "My Flock" }).click();
  await expect(
    page.getByTestId("bird-card").filter({ has: page.getByRole("heading", { name: "Pebble" }) }),
  ).toBeVisible();
});

test("breed ID works signed out, and offers sign-in instead of 'Add to My Flock'", async ({
  page,
}) => {
  await page.goto("/chicken-identifier");
  await page.getByTestId("breed-file").setInputFiles(BIRD);
  await page.getByRole("button", { name: "Identify Breed" }).click();
  const result = page.getByTestId("breed-result");
  await expect(result.getByText("Basic offline analysis", { exact: true })).toBeVisible();
  await expect(result.getByRole("button", { name: "Add to My Flock" })).toHaveCount(0);
  await expect(result.getByRole("button", { name: "Sign in to add to your flock" })).toBeVisible();
});
