import { expect, test, type Locator, type Page } from "@playwright/test";
import { signIn } from "./helpers";

// Issue 19 items 2 and 6, issue 21 item 5: band ids and parentage on the bird form, a sale instead
// of a deletion, a Remove dialog that names what goes, and a hatch's chicks added as a new flock.

const localDate = (offsetDays = 0) => {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/** No sideways scroll at this width. */
async function fitsWidth(page: Page, where: string) {
  const { sw, vw } = await page.evaluate(() => ({
    sw: document.documentElement.scrollWidth,
    vw: window.innerWidth,
  }));
  expect(sw, `${where}: ${sw} px wide in ${vw} px`).toBeLessThanOrEqual(vw);
}

/** A bird's card (its name labels it; a parent's name shows on its offspring's card too). */
const birdCard = (page: Page, name: string) =>
  page.locator(`[data-testid="bird-card"][aria-label="${name}"]`);

async function openAddBird(page: Page, name: string): Promise<Locator> {
  await page.getByRole("button", { name: "Add Bird" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add New Bird" });
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByRole("combobox", { name: "Breed" }).fill("Sussex");
  return dialog;
}

test("bands and parentage, a sale instead of a deletion, Remove names what goes, chicks become a flock", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, { name: "Bea Breeder" });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/chicken-tracker");

  // Hazel, band UK-101.
  let dialog = await openAddBird(page, "Hazel");
  await dialog.getByLabel("Band / leg-ring id (optional)").fill("UK-101");
  await dialog.getByRole("button", { name: "Add Bird" }).click();
  await expect(page.getByText("Chicken added successfully!", { exact: true })).toBeVisible();
  const hazel = birdCard(page, "Hazel");
  await expect(hazel.getByTestId("bird-band")).toHaveText("UK-101");

  // Pip, with Hazel as dam; the band already on Hazel is refused at the field.
  dialog = await openAddBird(page, "Pip");
  const band = dialog.getByLabel("Band / leg-ring id (optional)");
  await band.fill("UK-101");
  await dialog.getByLabel("Dam (optional)").selectOption({ label: "Hazel (UK-101)" });
  await dialog.getByRole("button", { name: "Add Bird" }).click();
  await expect(dialog.getByText("Band UK-101 is already on Hazel")).toBeVisible();
  await expect(band).toHaveAttribute("aria-invalid", "true");
  await band.fill("UK-102");
  await dialog.getByRole("button", { name: "Add Bird" }).click();
  await expect(dialog).toHaveCount(0);
  const pip = birdCard(page, "Pip");
  await expect(pip.getByTestId("bird-dam")).toHaveText("Hazel");
  await expect(hazel.getByTestId("bird-offspring")).toHaveText("Pip");
  await expect(page.getByRole("heading", { name: "My Birds (2)" })).toBeVisible();

  // Hazel is sold (she is in no flock): she stays, greyed, under Past birds.
  await hazel.getByRole("button", { name: "Record loss / sale of Hazel" }).click();
  dialog = page.getByRole("dialog", { name: "Record loss / sale of Hazel" });
  await dialog.getByLabel("What happened").selectOption("sold");
  await expect(dialog.getByLabel("Date")).toHaveValue(localDate());
  await dialog.getByLabel("Buyer (optional)").fill("Mrs Jones");
  await fitsWidth(page, "loss dialog at 360 px");
  await dialog.getByRole("button", { name: "Record" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "My Birds (1)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Past birds (1)" })).toBeVisible();
  await expect(hazel.getByTestId("bird-outcome")).toHaveText(/^Sold to Mrs Jones on /);
  // Pip still names her dam.
  await expect(pip.getByTestId("bird-dam")).toHaveText("Hazel");

  // Remove names what goes with the bird, and offers Record loss / sale instead.
  const egg = await page.request.post("/api/egg-records", {
    data: { chickenId: await birdId(page, "Pip"), date: localDate(), eggsLaid: 1 },
  });
  expect(egg.status()).toBe(201);
  await hazel.getByRole("button", { name: "Remove Hazel" }).click();
  dialog = page.getByRole("dialog", { name: "Remove bird" });
  await expect(dialog).toContainText("1 bird names it as a parent; it keeps its records.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await pip.getByRole("button", { name: "Remove Pip" }).click();
  dialog = page.getByRole("dialog", { name: "Remove bird" });
  await expect(dialog).toContainText("Pip will be deleted. This also deletes 1 egg record.");
  await expect(dialog.getByRole("button", { name: "Record loss / sale" })).toBeVisible();
  await fitsWidth(page, "remove dialog at 360 px");
  await dialog.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByText("Chicken removed successfully!", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "My Birds (0)" })).toBeVisible();

  // Undo the sale: Hazel is back.
  await hazel.getByRole("button", { name: "Undo: Hazel is still with us" }).click();
  await expect(page.getByRole("heading", { name: "My Birds (1)" })).toBeVisible();
  await expect(hazel.getByTestId("bird-outcome")).toHaveCount(0);

  // A hatch of 5 becomes a new flock with a headcount of 5.
  const hatch = await page.request.post("/api/hatch-records", {
    data: {
      eggSource: "Own flock",
      species: "chicken",
      incubationStartDate: localDate(-21),
      eggsSet: 6,
    },
  });
  expect(hatch.status()).toBe(201);
  await page.reload();
  await page.getByRole("tab", { name: "Hatch Countdown" }).click();
  await page.getByTestId("hatch-card").getByRole("button", { name: "Record hatch" }).click();
  dialog = page.getByRole("dialog", { name: "Record the hatch" });
  await dialog.getByLabel("Hatched", { exact: true }).fill("5");
  await dialog.getByRole("button", { name: "Save result" }).click();
  dialog = page.getByRole("dialog", { name: "Add the chicks to your flock" });
  await expect(dialog).toContainText("5 chicks hatched on");
  await expect(dialog.getByLabel("As a new flock (brooder batch)")).toBeChecked();
  const flockName = await dialog.getByLabel("Flock name").inputValue();
  expect(flockName).toMatch(/^Hatch /);
  await fitsWidth(page, "add the chicks at 360 px");
  await dialog.getByRole("button", { name: "Add the chicks" }).click();
  await expect(
    page.getByText(`5 chicks are in the new flock ${flockName}`, { exact: true }),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const flocks = (await (await page.request.get("/api/flocks")).json()) as {
    name: string;
    headcount: number;
    species: string;
  }[];
  expect(flocks).toEqual([expect.objectContaining({ name: flockName, headcount: 5 })]);

  // The new flock is offered on the bird form for a chicken.
  await page.getByRole("tab", { name: "My Chickens" }).click();
  await hazel.getByRole("button", { name: "Edit Hazel" }).click();
  dialog = page.getByRole("dialog", { name: "Edit Bird" });
  await expect(dialog.getByLabel("Flock (optional)").locator("option")).toContainText([
    "No flock",
    flockName,
  ]);
});

async function birdId(page: Page, name: string): Promise<string> {
  const birds = (await (await page.request.get("/api/chickens")).json()) as {
    id: string;
    name: string;
  }[];
  return birds.find((b) => b.name === name)!.id;
}
