import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./helpers";

async function searchFood(page: Page, term: string) {
  const input = page.getByRole("combobox", { name: "Food or plant name" });
  await input.fill(term);
  await input.press("Escape");
  await page.getByRole("button", { name: "Search", exact: true }).click();
}

test.describe("Can My Flock Eat This?", () => {
  test("a typo finds the food, coloured and labelled by safety level", async ({ page }) => {
    await page.goto("/food-safety");
    await expect(page.getByRole("heading", { name: "Can My Flock Eat This?" })).toBeVisible();

    await searchFood(page, "avacado");
    const toxic = page.getByTestId("food-result");
    await expect(toxic).toHaveAttribute("data-safety", "toxic");
    await expect(toxic.getByRole("heading", { name: "Avocado" })).toBeVisible();
    await expect(toxic.getByText("Toxic", { exact: true })).toBeVisible();
    const toxicColour = await toxic.evaluate((el) => getComputedStyle(el).backgroundColor);

    await searchFood(page, "Grapes");
    const safe = page.getByTestId("food-result");
    await expect(safe).toHaveAttribute("data-safety", "safe");
    await expect(safe.getByText("Safe", { exact: true })).toBeVisible();
    // The treat rule is shown beside the food's own guidelines, not repeated inside them.
    await expect(safe.getByRole("list", { name: "General rules" })).toContainText(
      "Treat rule: keep all treats together under 10%",
    );
    const safeColour = await safe.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(safeColour).not.toBe(toxicColour);

    // Blank searches do nothing; unknown foods get the guidance.
    await searchFood(page, "   ");
    await expect(page.getByTestId("food-result")).toHaveAttribute("data-safety", "safe");
    await searchFood(page, "xyzzyqwv");
    await expect(page.getByText("Food item not found")).toBeVisible();
    await expect(page.getByText(/consult a veterinarian/)).toBeVisible();

    // Recent searches keep what was searched (blank ones are not).
    const recent = page.getByRole("region", { name: "Recent searches" });
    await expect(recent.getByRole("button", { name: "xyzzyqwv", exact: true })).toBeVisible();
    await expect(recent.getByRole("button", { name: "avacado", exact: true })).toBeVisible();
  });

  test("a near miss is never answered with another food: 'Did you mean' instead; a plant part is named", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/food-safety");
    await searchFood(page, "sago");
    const miss = page.getByTestId("food-not-found");
    await expect(miss).toContainText("Food item not found");
    await expect(miss).toContainText("When in doubt, leave it out");
    await expect(page.getByTestId("food-result")).toHaveCount(0);
    const didYouMean = miss.getByRole("list", { name: "Did you mean" });
    await didYouMean.getByRole("button", { name: /^Sage/ }).click();
    await expect(
      page.getByTestId("food-result").getByRole("heading", { name: "Sage" }),
    ).toBeVisible();

    // A real word close to a food's name is another thing, not a typo: a fish is not millet.
    await searchFood(page, "mullet");
    await expect(miss).toContainText("Food item not found");
    await expect(page.getByTestId("food-result")).toHaveCount(0);
    await expect(didYouMean.getByRole("button", { name: /^Millet/ })).toBeVisible();

    await searchFood(page, "watermelon seeds");
    const part = page.getByTestId("food-result");
    await expect(part).toContainText("You asked about the seeds");
    await expect(part.getByTestId("part-guidance")).toContainText(/seeds/i);
  });

  test("suggestions appear while typing", async ({ page }) => {
    await page.goto("/food-safety");
    await page.getByRole("combobox", { name: "Food or plant name" }).fill("strawb");
    const option = page.getByRole("option", { name: /Strawberry/ }).first();
    await expect(option).toBeVisible();
    await option.click();
    await expect(page.getByTestId("food-result")).toHaveAttribute("data-safety", "safe");
  });

  test("plant list check marks each plant and the misses", async ({ page }) => {
    await page.goto("/food-safety");
    await page.getByRole("tab", { name: "Plant List Check" }).click();
    const button = page.getByRole("button", { name: "Check Plant List" });
    await expect(button).toBeDisabled();
    const list = page.getByLabel("Plants or foods, one per line or separated by commas");
    await list.fill("  \n , ");
    await expect(button).toBeDisabled();
    await list.fill("Foxglove\ndandelions, notaplantzzz\n\n");
    await expect(button).toBeEnabled();
    await button.click();
    const rows = page.getByTestId("plant-result");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toHaveAttribute("data-safety", "toxic");
    await expect(rows.nth(1)).toHaveAttribute("data-safety", "safe");
    await expect(rows.nth(2)).toContainText(
      "Not found in database. Consult a veterinarian for guidance.",
    );
  });

  test("plant list failure shows the spec's error; names are shown as text, never as HTML", async ({
    page,
  }) => {
    await page.goto("/food-safety");
    await page.getByRole("tab", { name: "Plant List Check" }).click();
    const list = page.getByLabel("Plants or foods, one per line or separated by commas");
    const button = page.getByRole("button", { name: "Check Plant List" });

    await page.route("**/api/food-items/bulk-search", (route) => route.abort("failed"));
    await list.fill("Foxglove, yew");
    await button.click();
    await expect(page.getByText("Search Error", { exact: true }).first()).toBeVisible();
    await expect(
      page.getByText("Failed to search plant list. Please try again.").first(),
    ).toBeVisible();
    await page.unroute("**/api/food-items/bulk-search");

    await list.fill('<b>oleander</b>\n<img src=x onerror="window.__pwned=1">');
    await button.click();
    const rows = page.getByTestId("plant-result");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText("<b>oleander</b>");
    await expect(rows.nth(0)).toHaveAttribute("data-safety", "toxic");
    await expect(rows.nth(1)).toContainText('<img src=x onerror="window.__pwned=1">');
    await expect(rows.nth(1)).toContainText(
      "Not found in database. Consult a veterinarian for guidance.",
    );
    expect(
      await page
        .locator('[data-testid="plant-result"] img, [data-testid="plant-result"] b')
        .count(),
    ).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

    // The single search shows a missed term as text too.
    await page.getByRole("tab", { name: "Single Search" }).click();
    await searchFood(page, "<script>window.__pwned=2</script>");
    await expect(page.getByTestId("food-not-found")).toContainText(
      "<script>window.__pwned=2</script>",
    );
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test("ad slots above and below show 'Feed & Supplements' adverts only", async ({ page }) => {
    const login = await page.request.post("/api/admin/login", {
      data: { password: "e2e-admin-password" },
    });
    expect(login.ok()).toBe(true);
    const ids: string[] = [];
    try {
      for (const [title, category] of [
        ["Food page feed advert", "feed"],
        ["Food page health advert", "health"],
      ]) {
        const res = await page.request.post("/api/admin/advertisements", {
          data: { title, description: "An advert for the food safety test.", category },
        });
        expect(res.status(), await res.text()).toBe(201);
        ids.push((await res.json()).id);
      }
      await page.goto("/food-safety");
      const slots = page.getByTestId("ad-slot");
      await expect(slots).toHaveCount(2);
      for (const n of [0, 1]) {
        await expect(slots.nth(n).getByText("Food page feed advert").first()).toBeVisible();
        await expect(slots.nth(n).getByText("Food page health advert")).toHaveCount(0);
      }
      // One slot above the checker's tabs, one below them.
      const order = await page.evaluate(() => {
        const tabs = document.querySelector('[role="tablist"]')!;
        const found = document.querySelectorAll('[data-testid="ad-slot"]');
        return [
          Boolean(found.item(0).compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING),
          Boolean(found.item(1).compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_PRECEDING),
        ];
      });
      expect(order).toEqual([true, true]);
    } finally {
      for (const id of ids) await page.request.delete(`/api/admin/advertisements/${id}`);
    }
  });

  test("a signed-in keeper's recent searches are kept, latest 4", async ({ page }) => {
    await signIn(page, { name: "Clara Cluck" });
    await page.goto("/food-safety");
    for (const term of ["apple", "kale", "yew", "mint", "oleander"]) {
      await searchFood(page, term);
      await expect(page.getByTestId("food-result")).toBeVisible();
    }
    await page.reload();
    const recent = page.getByRole("region", { name: "Recent searches" });
    await expect(recent.getByRole("button", { name: "oleander", exact: true })).toBeVisible();
    await expect(recent.getByRole("button", { name: /^Remove / })).toHaveCount(4);
    await expect(recent.getByRole("button", { name: "apple", exact: true })).toHaveCount(0);
  });
});

test.describe("Symptom checker", () => {
  test("ranks conditions, flags notifiable ones, and says when nothing matches", async ({
    page,
  }) => {
    await page.goto("/health-diagnostic");
    await page.getByRole("tab", { name: "Symptom Checker" }).click();
    const analyze = page.getByRole("button", { name: "Analyze Symptoms" });
    await expect(analyze).toBeDisabled();
    for (const symptom of [
      "Not eating",
      "Lethargy",
      "Watery droppings",
      "Coughing",
      "Limping",
      "Sneezing",
      "Pale comb",
      "Weight loss",
    ]) {
      await expect(page.getByRole("button", { name: symptom, exact: true })).toHaveAttribute(
        "aria-pressed",
        "false",
      );
    }

    await page.getByRole("button", { name: "Coughing", exact: true }).click();
    await expect(page.getByRole("button", { name: "Coughing", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.getByLabel("Other symptoms (separate with commas)").fill("rattling, wrinkled eggs");
    await analyze.click();
    await expect(
      page.getByTestId("condition-result").first().getByRole("heading", { level: 3 }),
    ).toContainText("Infectious bronchitis");
    await expect(page.getByTestId("condition-result").first()).toContainText("Vet recommended");

    await page.getByRole("button", { name: "Coughing", exact: true }).click();
    await page
      .getByLabel("Other symptoms (separate with commas)")
      .fill("twisted neck, green droppings, gasping, several birds died");
    await analyze.click();
    await expect(page.getByText("Notifiable disease").first()).toBeVisible();
    await expect(
      page.getByText(/state veterinarian or national veterinary authority/).first(),
    ).toBeVisible();

    await page.getByLabel("Other symptoms (separate with commas)").fill("sings opera");
    await analyze.click();
    await expect(page.getByText("No matching conditions found")).toBeVisible();
  });
});

test.describe("Symptom checker in plain words", () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test("a bird's species and age come preset; plain words are understood and the rest is named", async ({
    page,
  }) => {
    await page.goto("/health-diagnostic?tab=symptoms&species=duck&ageWeeks=2&bird=Puddles");
    await expect(page.getByText("Checking Puddles")).toBeVisible();
    await expect(page.getByLabel("Species")).toHaveValue("duck");
    await expect(page.getByLabel("Age")).toHaveValue("weeks");
    await page.getByLabel("Other symptoms (separate with commas)").fill("bow legs, glorp");
    await page.getByRole("button", { name: "Analyze Symptoms" }).click();
    await expect(
      page.getByTestId("condition-result").first().getByRole("heading", { level: 3 }),
    ).toContainText("Niacin");
    await expect(page.getByTestId("not-understood")).toContainText("Not understood: glorp");
    // Nothing sideways at phone width.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(overflow).toBe(false);
  });

  test("asks the species: a quail's signs, its long sources and the words not understood fit a phone; signs too general say so", async ({
    page,
  }) => {
    await page.goto("/health-diagnostic?tab=symptoms");
    await page.getByLabel("Species").selectOption("quail");
    await page
      .getByLabel("Other symptoms (separate with commas)")
      .fill("bloody runny droppings, hunched, a few died, zorble");
    await page.getByRole("button", { name: "Analyze Symptoms" }).click();
    const first = page.getByTestId("condition-result").first();
    await expect(first.getByRole("heading", { level: 3 })).toContainText("Ulcerative enteritis");
    await expect(first).toContainText("Affects: Quail");
    await expect(first).toContainText("merckvetmanual.com/poultry/ulcerative-enteritis");
    await expect(page.getByTestId("not-understood")).toContainText("Not understood: zorble");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(overflow).toBe(false);

    // Understood, but too general to name a condition: said as such, not as "other words".
    await page.getByLabel("Species").selectOption("guinea_fowl");
    await page.getByLabel("Other symptoms (separate with commas)").fill("keet won't eat, sleepy");
    await page.getByRole("button", { name: "Analyze Symptoms" }).click();
    await expect(page.getByText("No matching conditions found")).toBeVisible();
    await expect(page.getByTestId("too-general")).toBeVisible();
    await expect(page.getByTestId("not-understood")).toHaveCount(0);
  });

  test("a bird's card opens the checker with its species preset", async ({ page }) => {
    await signIn(page, { name: "Symptom Keeper" });
    await page.goto("/chicken-tracker");
    await page.getByRole("button", { name: "Add Bird" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add New Bird" });
    await dialog.getByLabel("Name", { exact: true }).fill("Gander Gus");
    await dialog.getByLabel("Species").selectOption("goose");
    await dialog.getByRole("combobox", { name: "Breed" }).fill("Emb");
    await dialog.getByRole("option", { name: "Embden" }).click();
    await dialog.getByRole("button", { name: "Add Bird" }).click();
    await page.getByRole("link", { name: "Check symptoms of Gander Gus" }).click();
    await expect(page).toHaveURL(/\/health-diagnostic\?.*species=goose/);
    await expect(page.getByText("Checking Gander Gus")).toBeVisible();
    await expect(page.getByLabel("Species")).toHaveValue("goose");
  });

  test("a notifiable disease's reporting advice is on top", async ({ page }) => {
    await page.goto("/health-diagnostic?tab=symptoms");
    await page.getByLabel("Species").selectOption("chicken");
    await page
      .getByLabel("Other symptoms (separate with commas)")
      .fill("several sudden deaths, comb gone purple");
    await page.getByRole("button", { name: "Analyze Symptoms" }).click();
    const advice = page.getByTestId("reporting-advice");
    await expect(advice).toContainText("Possible notifiable disease: Avian influenza");
    await expect(advice).toContainText(/state veterinarian or national veterinary authority/);
    await expect(
      page.getByTestId("condition-result").first().getByRole("heading", { level: 3 }),
    ).toContainText("Avian influenza");
  });
});

test.describe("Symptom checker errors", () => {
  test("a failed analysis shows the spec's message; an over-long symptom is caught before sending", async ({
    page,
  }) => {
    await page.goto("/health-diagnostic");
    await page.getByRole("tab", { name: "Symptom Checker" }).click();
    const analyze = page.getByRole("button", { name: "Analyze Symptoms" });
    const other = page.getByLabel("Other symptoms (separate with commas)");

    await other.fill("x".repeat(201));
    await expect(page.getByText(/Each symptom must be 200 characters or fewer/)).toBeVisible();
    await expect(analyze).toBeDisabled();

    await page.route("**/api/health-conditions/diagnose", (route) => route.abort("failed"));
    await other.fill("runny poop");
    await analyze.click();
    await expect(
      page
        .getByText("Failed to analyze symptoms. Please try again or consult a veterinarian.")
        .first(),
    ).toBeVisible();
    await page.unroute("**/api/health-conditions/diagnose");

    // Lay words are matched to the vocabulary: runny poop is watery droppings.
    await analyze.click();
    await expect(page.getByTestId("condition-result").first()).toContainText("Watery droppings");
  });
});

test.describe("Rarity explorer", () => {
  test("filters by species and shows the empty state", async ({ page }) => {
    await page.goto("/rarity-explorer");
    const cards = page.getByTestId("breed-card");
    await expect(cards.first()).toBeVisible();
    await expect(page.getByTestId("count-Extremely Rare")).not.toHaveText("0");
    // Conservation status carries its list and year, apart from the how-hard-to-find score.
    const cayuga = cards.filter({ hasText: "Cayuga" });
    await expect(cayuga).toContainText("How hard to find");
    await expect(cayuga).toContainText(
      "Conservation status: Watch (The Livestock Conservancy, 2021 list)",
    );

    const counters = page
      .getByRole("list", { name: "Breeds per rarity level" })
      .getByRole("button");
    await expect(counters).toHaveCount(6);
    const scores = (await cards.locator("p.text-2xl").allInnerTexts()).map((t) => parseInt(t, 10));
    expect(scores.length).toBeGreaterThan(40);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    await page.getByLabel("Rarity level", { exact: true }).selectOption("Extremely Rare");
    const extremelyRare = await page.getByTestId("count-Extremely Rare").innerText();
    await expect(cards).toHaveCount(Number(extremelyRare));
    await expect(cards.first()).toContainText("Extremely Rare");
    await page.getByLabel("Rarity level", { exact: true }).selectOption("all");

    await page.getByLabel("Species").selectOption("duck");
    await expect(cards.first()).toContainText("Ducks");
    const count = await cards.count();
    expect(count).toBeGreaterThanOrEqual(7);
    for (let i = 0; i < count; i++) await expect(cards.nth(i)).toContainText("Ducks");

    await page.getByLabel("Search breeds").fill("pekin");
    await expect(cards.first()).toContainText("Pekin");

    await page.getByLabel("Search breeds").fill("no such breed zz");
    await expect(page.getByText("No breeds found matching your search criteria.")).toBeVisible();
    await expect(page.getByText("Try adjusting your filters or search terms.")).toBeVisible();
  });
});

test.describe("Learn and the care guide", () => {
  test("a guide expands to show its text and the checklist ticks", async ({ page }) => {
    await page.goto("/educational-resources");
    const nutrition = page.getByRole("button", { name: /^Nutrition/ });
    await expect(nutrition).toHaveAttribute("aria-expanded", "false");
    await nutrition.click();
    await expect(nutrition).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("heading", { name: "Feed by life stage" })).toBeVisible();
    for (const title of [
      "Coop Setup",
      "Disease Prevention",
      "Egg Production",
      "Seasonal Care",
      "Breed Information",
      "Emergency Care Guide",
    ]) {
      await expect(page.getByRole("button", { name: new RegExp(`^${title}`) })).toBeVisible();
    }
    const facts = page.getByRole("region", { name: "Key numbers" });
    for (const fact of [
      "16-18%",
      "18-20%",
      "10% max",
      "4 sq ft",
      "10 sq ft",
      "30 days",
      "250-300",
      "14+ hours",
    ]) {
      await expect(facts.getByText(fact, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("tab", { name: "Daily" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Monthly" })).toBeVisible();
    await page.getByRole("tab", { name: "Weekly" }).click();
    const item = page.getByRole("checkbox").first();
    await item.check();
    await expect(item).toBeChecked();
  });

  test("care guide sections are anchored and link to the tools", async ({ page }) => {
    await page.goto("/chicken-care-guide#health");
    for (const id of ["housing", "nutrition", "health", "breeding", "safety", "breeds"]) {
      await expect(page.locator(`section#${id}`)).toBeVisible();
    }
    await expect(page.locator("section#health")).toBeInViewport();
    for (const href of ["/health-diagnostic", "/chicken-tracker", "/chicken-identifier"]) {
      await expect(page.locator(`a[href="${href}"]:visible`).first()).toBeVisible();
    }
    // Hatch durations come from data/incubation-profiles.json; the starter figure is the shared one.
    const breeding = page.locator("section#breeding");
    await expect(breeding).toContainText("guinea fowl: about 27 days (26-28)");
    await expect(breeding).toContainText("Muscovy about 35 days (33-37)");
    await expect(breeding).toContainText("chick starter with 18-20% protein for laying breeds");
  });
});
