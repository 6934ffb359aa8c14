import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ROUTES } from "../packages/shared/src/site/routes";
import { networkQuiet, signIn } from "./helpers";

// Issue 25: the shell fits every width, every route fits a phone and a laptop, and a reviewer can
// page through screenshots of every route (test-results/screens/).

const WIDTHS = [320, 360, 412, 768, 1024, 1280, 1440, 1920] as const;
/** A first name as long as real ones get, so the header's name link has to give way. */
const LONG_NAME = "Maximiliana-Wilhelmina Featherstonehaugh";

/** Every route of the route table, with its parameters filled and the catch-all as a dead link. */
const PATHS = ROUTES.map(({ path }) =>
  path === "*"
    ? "/no-such-page"
    : path
        .replace(":slug", "planning-your-first-flock")
        .replace(":tab", "advertisements")
        .replace(":token", "no-such-invitation-token-000000000000000000"),
);

/** Problems with the page's width and the header's controls at the current viewport. */
async function layoutProblems(page: Page, where: string): Promise<string[]> {
  return page.evaluate((where) => {
    const problems: string[] = [];
    const vw = window.innerWidth;
    const sw = document.documentElement.scrollWidth;
    if (sw > vw) problems.push(`${where}: page is ${sw} px wide in a ${vw} px viewport`);
    const header = document.querySelector("header");
    if (!header) return [...problems, `${where}: no header`];
    for (const el of Array.from(header.querySelectorAll<HTMLElement>("a, button"))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue; // not shown at this width
      const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim();
      if (r.left < 0 || r.right > vw + 0.5) {
        problems.push(`${where}: header control "${name}" runs from ${r.left} to ${r.right}`);
      }
      if (el.scrollWidth > el.clientWidth + 1 && !el.classList.contains("truncate")) {
        problems.push(`${where}: header control "${name}" is clipped`);
      }
      if (r.height < 44 && el.tagName === "BUTTON") {
        problems.push(`${where}: header button "${name}" is ${r.height} px tall (< 44)`);
      }
    }
    return problems;
  }, where);
}

/**
 * axe's serious and critical violations. `colourOnly`: just the rules colours decide (contrast, and
 * links told apart from text by colour), for the dark theme, which changes colours and nothing else.
 */
async function seriousAxe(
  page: Page,
  where: string,
  { colourOnly = false } = {},
): Promise<string[]> {
  // Legacy mode runs axe.run() in the page itself. The default mode injects axe (~0.6 MB) into
  // the page and again into a new blank page per call, to merge results from cross-origin frames;
  // the app has no frames, so both give the same answer, and the route walks call this 174 times.
  // resultTypes: only violations get every node and a selector made for it (the costly part of
  // axe's reporting); passes and the rest keep one node each. Which rules fail is unchanged.
  // (`options` replaces the options object, so it comes before `withRules`, which adds to it.)
  const axe = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });
  if (colourOnly) axe.withRules(COLOUR_RULES);
  const results = await axe.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) => `${where}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    );
}

/** The axe rules whose outcome depends on colours. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
for (const signedIn of [false, true]) {
  test(`the header fits at every width, ${signedIn ? "signed in with a long name" : "signed out"}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    if (signedIn) await signIn(page, { name: LONG_NAME });
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/chicken-tracker");
      await expect(page.locator("h1").first()).toBeVisible();
      const where = `${width} px`;
      problems.push(...(await layoutProblems(page, where)));
      const account = page.getByTestId("user-name").filter({ visible: true });
      const more = page.getByRole("button", { name: "More" });
      if (await more.isVisible()) {
        // Desktop bar: the grouped links open inside the viewport, and the name and Log out show.
        await more.click();
        await expect(page.getByRole("link", { name: "Pro Tools" })).toBeVisible();
        problems.push(...(await layoutProblems(page, `${where}, More open`)));
        await page.keyboard.press("Escape");
        await expect(page.getByRole("link", { name: "Pro Tools" })).toBeHidden();
        await expect(more).toBeFocused();
        if (signedIn) {
          await expect(account.first()).toBeVisible();
          await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
        } else {
          await expect(
            page.locator("header").getByRole("button", { name: "Sign In" }),
          ).toBeVisible();
        }
      } else {
        // Phone and tablet: the menu holds the links and the account controls.
        await page.getByRole("button", { name: "Open menu" }).click();
        await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
        problems.push(...(await layoutProblems(page, `${where}, menu open`)));
        if (signedIn) await expect(account.first()).toBeVisible();
        else
          await expect(
            page.locator("header").getByRole("button", { name: "Sign In" }),
          ).toBeVisible();
      }
      if (signedIn) {
        // Cut with an ellipsis, the full name is still there for a pointer and a screen reader.
        await expect(account.first()).toHaveAttribute("title", LONG_NAME.split(" ")[0]!);
      }
    }
    expect(problems).toEqual([]);
  });
}

/**
 * The route walk: every route, no sideways scroll, the header in view, axe at 0 serious or critical
 * violations, and a full-page screenshot (test-results/screens/).
 *
 * Light theme: at 360 and 1280 px, signed out and in, with every axe rule.
 * Dark theme (it follows the device setting, prefers-color-scheme): the theme changes the colour
 * tokens and shadows and nothing else (styles/tokens.css, styles/dark-palette.css), so the layout
 * the light walks check is the same; the dark walks check what colours decide, axe's colour rules
 * (contrast, links told apart by colour), keep the layout check (cheap) and the screenshots, at one
 * width per sign-in state: signed out at 1280 px, signed in at 360 px. Every page of both states is
 * checked for contrast in both themes, at both the desktop and the phone layout.
 * (The 360 px signed-in light walk also covers what e2e/mobile-layout.spec.ts used to check.)
 */
const WALKS = [
  { scheme: "light", signedIn: false, width: 360 },
  { scheme: "light", signedIn: false, width: 1280 },
  { scheme: "light", signedIn: true, width: 360 },
  { scheme: "light", signedIn: true, width: 1280 },
  { scheme: "dark", signedIn: false, width: 1280 },
  { scheme: "dark", signedIn: true, width: 360 },
] as const;

function routeWalk(scheme: "light" | "dark") {
  for (const { signedIn, width } of WALKS.filter((w) => w.scheme === scheme)) {
    const checks =
      scheme === "light" ? "no serious axe violations" : "no serious axe colour violations";
    test(`every route fits ${width} px with ${checks}, ${scheme} theme, ${signedIn ? "signed in" : "signed out"}; screenshots`, async ({
      page,
    }) => {
      // 29 pages, each with axe and a full-page screenshot: minutes on a loaded machine.
      test.setTimeout(900_000);
      const dir = "test-results/screens";
      mkdirSync(dir, { recursive: true });
      if (signedIn) await signIn(page, { name: "Screen Keeper" });
      const problems: string[] = [];
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      const settled = networkQuiet(page);
      for (const path of PATHS) {
        const where = `${path} at ${width} px (${scheme})`;
        await page.goto(path);
        await expect(page.locator("h1").first(), path).toBeVisible();
        await settled(where);
        problems.push(...(await layoutProblems(page, where)));
        problems.push(...(await seriousAxe(page, where, { colourOnly: scheme === "dark" })));
        const name = path === "/" ? "home" : path.slice(1).replace(/\//g, "_");
        const suffix = scheme === "dark" ? "-dark" : "";
        // One image pixel per CSS pixel: the Pixel 7 profile's device scale (2.625) made every
        // full-page capture ~7 times the pixels to render and encode, for a reviewer's page-through.
        await page.screenshot({
          path: `${dir}/${name}-${width}-${signedIn ? "signed-in" : "signed-out"}${suffix}.png`,
          fullPage: true,
          scale: "css",
        });
      }
      expect(problems).toEqual([]);
    });
  }
}

routeWalk("light");

test.describe("dark theme", () => {
  test.use({ colorScheme: "dark" });
  routeWalk("dark");

  test("follows the device setting: dark canvas, light text, the same illustrations", async ({
    page,
  }) => {
    await page.goto("/design");
    await expect(page.getByRole("heading", { name: "Design system", level: 1 })).toBeVisible();
    const { canvas, ink } = await page.evaluate(() => {
      const main = document.querySelector("main")!.parentElement!;
      const cs = getComputedStyle(main);
      return { canvas: cs.backgroundColor, ink: cs.color };
    });
    expect(canvas).toBe("rgb(20, 17, 16)");
    expect(ink).toBe("rgb(245, 245, 244)");
  });
});

test("the /design page shows every token and component, and the six species drawings", async ({
  page,
}) => {
  await page.goto("/design");
  await expect(page.getByRole("heading", { name: "Design system", level: 1 })).toBeVisible();
  for (const section of [
    "Colour",
    "Type scale",
    "Spacing, radius and elevation",
    "Buttons",
    "Badges and alerts",
    "Fields",
    "Cards, tabs and dialog",
    "Species illustrations",
    "Empty and loading",
  ]) {
    await expect(page.getByRole("heading", { name: section, level: 2 })).toBeVisible();
  }
  await expect(page.locator("code", { hasText: "--color-accent" }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Disabled" }).first()).toBeDisabled();
  await expect(page.getByText("Must be 0 or more")).toBeVisible();
  // The light canvas is the warm cream of the tokens.
  const canvas = await page.evaluate(
    () => getComputedStyle(document.querySelector("main")!.parentElement!).backgroundColor,
  );
  expect(canvas).toBe("rgb(255, 250, 240)");
  // Every species drawing loads (a broken file has no natural width).
  const drawings = page.locator('section[aria-labelledby="species"] img');
  await expect(drawings).toHaveCount(6);
  await page.locator('section[aria-labelledby="species"]').scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      drawings.evaluateAll(
        (imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length,
      ),
    )
    .toBe(6);
  await page.getByRole("button", { name: "Open a dialog" }).click();
  await expect(page.getByRole("dialog", { name: "A dialog" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  // Not for search engines.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});

test("an unknown address answers HTTP 404 with the not-found page; routes and prerendered pages 200", async ({
  page,
}) => {
  for (const path of ["/no-such-page", "/chicken-tracker/nothing"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
  }
  const article = await page.goto("/blog/no-such-article");
  expect(article?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Article not found" })).toBeVisible();
  for (const path of ["/", "/blog", "/blog/planning-your-first-flock", "/poultry-calculator"]) {
    expect((await page.goto(path))?.status(), path).toBe(200);
  }
});

test("the vaccination tracker fits 360 px with records present, long and right-to-left names included", async ({
  page,
}) => {
  await signIn(page, { name: "Vaccine Keeper" });
  const past = (days: number) => {
    const d = new Date(Date.now() - days * 86_400_000);
    return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
  };
  const records = [
    { vaccine: "Infectious Laryngotracheitis", birdName: LONG_NAME, date: past(30) },
    { vaccine: "Newcastle Disease", birdName: "ריבקה התרנגולת", date: past(400) },
    {
      vaccine: "Marek's Disease",
      birdName: "Whole flock 🐔🐔🐔",
      date: past(2),
      notes: "x".repeat(300),
    },
  ];
  for (const data of records) {
    const res = await page.request.post("/api/vaccinations", { data });
    expect(res.status()).toBe(201);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  const settled = networkQuiet(page);
  await page.goto("/vaccination-tracker");
  await expect(page.getByTestId("vaccination-records").getByRole("listitem")).toHaveCount(3);
  await settled("/vaccination-tracker");
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    const vw = window.innerWidth;
    if (document.documentElement.scrollWidth > vw) {
      out.push(`page is ${document.documentElement.scrollWidth} px wide`);
    }
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("main *"))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || el.closest("[data-scrolls]") || el.closest(".overflow-x-auto")) continue;
      if (r.right > vw + 0.5 || r.left < -0.5) {
        out.push(
          `${el.tagName} "${(el.textContent ?? "").slice(0, 40)}" runs ${r.left}-${r.right}`,
        );
      }
    }
    return out.slice(0, 10);
  });
  expect(problems).toEqual([]);
  await expect(page.getByRole("button", { name: /^Mark .+ done$/ }).first()).toBeVisible();
  await page.screenshot({
    path: "test-results/screens/vaccination-records-360.png",
    fullPage: true,
  });
});
