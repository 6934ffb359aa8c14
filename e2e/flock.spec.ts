import { expect, test, type Page } from "@playwright/test";
import { canvasPng, signIn } from "./helpers";

const localDate = (offsetDays = 0) => {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

async function addBird(
  page: Page,
  {
    name,
    species,
    breedPrefix,
    breed,
  }: { name: string; species: string; breedPrefix: string; breed: string },
) {
  await page.getByRole("button", { name: "Add Bird" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add New Bird" });
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByLabel("Species").selectOption(species);
  await dialog.getByRole("combobox", { name: "Breed" }).fill(breedPrefix);
  await dialog.getByRole("option", { name: breed }).click();
  await expect(dialog.getByRole("combobox", { name: "Breed" })).toHaveValue(breed);
  return dialog;
}

test("signed-out visitors see a sign-in prompt instead of the flock", async ({ page }) => {
  await page.goto("/chicken-tracker");
  await expect(page.getByRole("heading", { name: "Flock Manager" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Bird" })).toHaveCount(0);
});

test("a keeper manages birds, eggs and a hatch in the Flock Manager", async ({ page }) => {
  await signIn(page, { name: "Ada Lovelace" });
  await page.goto("/chicken-tracker");

  // A duck with a photo.
  let dialog = await addBird(page, {
    name: "Puddles",
    species: "duck",
    breedPrefix: "Pe",
    breed: "Pekin",
  });
  await dialog.getByTestId("photo-input").setInputFiles({
    name: "duck.png",
    mimeType: "image/png",
    buffer: await canvasPng(page, { width: 1600, height: 1200, from: "#f59e0b", to: "#166534" }),
  });
  await expect(dialog.getByRole("img", { name: "Bird photo" })).toHaveAttribute(
    "src",
    /^\/api\/images\/[a-f0-9]{64}\.jpg$/,
  );
  await dialog.getByRole("button", { name: "Add Bird" }).click();
  await expect(page.getByText("Chicken added successfully!", { exact: true })).toBeVisible();
  const duck = page.getByTestId("bird-card").filter({ hasText: "Puddles" });
  await expect(duck).toContainText("Pekin · Duck");
  const photo = duck.getByRole("img", { name: "Photo of Puddles" });
  await expect(photo).toBeVisible();
  // Downscaled in the browser to fit 1024x768, then stored and served by the server.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1024);
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(768);

  // Edit it: the form is prefilled.
  await page.getByRole("button", { name: "Edit Puddles" }).click();
  dialog = page.getByRole("dialog", { name: "Edit Bird" });
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue("Puddles");
  await dialog.getByLabel("Colour (optional)").fill("White");
  await dialog.getByLabel("Hatch date (optional)").fill(localDate(-70));
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Chicken updated successfully!", { exact: true })).toBeVisible();
  await expect(duck).toContainText("White");
  await expect(duck).toContainText("Age: 10 weeks");

  // The required fields say what is missing.
  await page.getByRole("button", { name: "Add Bird" }).first().click();
  dialog = page.getByRole("dialog", { name: "Add New Bird" });
  await dialog.getByRole("button", { name: "Add Bird" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await dialog.getByLabel("Name", { exact: true }).fill("Henny");
  await dialog.getByRole("button", { name: "Add Bird" }).click();
  await expect(dialog.getByText("Breed is required")).toBeVisible();
  await dialog.getByRole("combobox", { name: "Breed" }).fill("Rhode");
  await dialog.getByRole("option", { name: "Rhode Island Red" }).click();
  await dialog.getByRole("button", { name: "Add Bird" }).click();
  await expect(page.getByTestId("bird-card")).toHaveCount(2);

  // Eggs for both birds with the quick daily form.
  await page.getByRole("tab", { name: "Egg Tracking" }).click();
  await page.getByLabel("Eggs from Puddles").fill("1");
  await page.getByRole("button", { name: "One egg more for Henny" }).click();
  await page.getByRole("button", { name: "One egg more for Henny" }).click();
  await page.getByRole("button", { name: "Save 2 counts" }).click();
  await expect(page.getByText("Egg record added successfully!", { exact: true })).toBeVisible();
  await expect(page.getByTestId("egg-stat-Today")).toHaveText("3");
  await expect(page.getByTestId("egg-stat-Last 30 days")).toHaveText("3");
  await expect(
    page.getByRole("list", { name: "Recent egg records" }).getByRole("listitem"),
  ).toHaveCount(2);

  // ... and in the charts.
  await page.getByRole("tab", { name: "Analytics" }).click();
  await expect(page.getByTestId("analytics-total")).toContainText("3 eggs");
  await expect(
    page.getByRole("figure", { name: "Eggs per day" }).locator(".recharts-bar-rectangle").first(),
  ).toBeVisible();
  await expect(page.getByRole("figure", { name: "Eggs per bird" })).toContainText("Henny");

  // Track a bird: the bar appears and Egg Tracking shows that bird only.
  await page.getByRole("tab", { name: "My Flock" }).click();
  await page
    .getByTestId("bird-card")
    .filter({ hasText: "Henny" })
    .getByRole("button", { name: "Track" })
    .click();
  await expect(page.getByText("Currently tracking: Henny")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Egg Tracking" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.getByTestId("egg-stat-Today")).toHaveText("2");
  await page.getByRole("button", { name: "Clear Selection" }).click();
  await expect(page.getByText("Currently tracking: Henny")).toHaveCount(0);

  // A chicken hatch started 19 days ago is due soon.
  await page.getByRole("tab", { name: "My Flock" }).click();
  await page.getByRole("tab", { name: "Hatch Countdown" }).click();
  await page.getByRole("button", { name: "Start New Hatch" }).click();
  dialog = page.getByRole("dialog", { name: "Start New Hatch" });
  await dialog.getByRole("button", { name: "Start Tracking" }).click();
  await expect(dialog.getByText("Egg source is required")).toBeVisible();
  await dialog.getByLabel("Egg Source").fill("Our own flock");
  await expect(dialog.getByLabel("Species")).toHaveValue("chicken");
  await expect(dialog.getByLabel("Method")).toHaveValue("incubator");
  await dialog.getByLabel("Incubation Start Date").fill(localDate(-19));
  await expect(dialog.getByTestId("expected-hatch")).toHaveText(`Expected hatch: ${localDate(2)}`);
  await dialog.getByLabel("Eggs set (optional)").fill("12");
  await dialog.getByRole("button", { name: "Start Tracking" }).click();
  await expect(
    page.getByText("Your egg incubation tracking has been started!", { exact: true }),
  ).toBeVisible();
  const card = page.getByTestId("hatch-card");
  await expect(card.getByTestId("hatch-badge")).toHaveText("Due Soon");
  // Expected hatch two days from the keeper's date: "2 days", whatever the hour.
  await expect(card.getByTestId("hatch-countdown")).toHaveText("2 days");
  await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuenow", /^(8[5-9]|9\d)$/);
  await expect(card.getByTestId("hatch-task")).toContainText(
    "Lockdown: no turning, keep the humidity up",
  );

  // Record the hatch.
  await card.getByRole("button", { name: "Record hatch" }).click();
  dialog = page.getByRole("dialog", { name: "Record the hatch" });
  await dialog.getByLabel("Hatched", { exact: true }).fill("10");
  await dialog.getByRole("button", { name: "Save result" }).click();
  await expect(
    page.getByText("The hatching status has been recorded!", { exact: true }),
  ).toBeVisible();
  // The dialog then offers to add the chicks to the flock; not now.
  await page
    .getByRole("dialog", { name: "Add the chicks to your flock" })
    .getByRole("button", { name: "Not now" })
    .click();
  await expect(page.getByTestId("hatch-card")).toHaveCount(0);
  await page.getByRole("tab", { name: "Analytics" }).click();
  await expect(page.getByTestId("hatch-success-rate")).toContainText(
    "100% of 1 finished hatch hatched · 10 of 12 eggs",
  );

  // Remove a bird after confirming.
  await page.getByRole("tab", { name: "My Flock" }).click();
  await page.getByRole("tab", { name: "My Chickens" }).click();
  await page.getByRole("button", { name: "Remove Henny" }).click();
  dialog = page.getByRole("dialog", { name: "Remove bird" });
  await expect(dialog).toContainText("Are you sure you want to remove this chicken?");
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Chicken removed successfully!", { exact: true })).toBeVisible();
  await expect(page.getByTestId("bird-card")).toHaveCount(1);
});
