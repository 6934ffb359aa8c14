import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { concretePaths } from "../packages/shared/src/site/routes";
import { signIn } from "./helpers";

// The narrowest phone we design for: every page must fit it without sideways scrolling, and the
// tool pages (not only the marketing pages) must pass axe's serious and critical rules.
test.use({ viewport: { width: 360, height: 740 } });

// Every page of the route table a keeper opens (the admin gate has its own tests).
const ROUTES = concretePaths("public", "keeper");

test("a signed-in keeper's pages fit 360 px and have no serious or critical axe violations", async ({
  page,
}) => {
  // 27 pages, each with axe: over 3 minutes on a loaded 2-core machine once /farm joined them.
  test.setTimeout(360_000);
  await signIn(page, { name: "Narrow Phone" });
  const problems: string[] = [];
  for (const route of ROUTES) {
    await page.goto(route);
    await expect(page.locator("h1").first(), route).toBeVisible();
    await page.waitForLoadState("networkidle");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 360) problems.push(`${route}: page is ${width} px wide`);
    const results = await new AxeBuilder({ page }).analyze();
    for (const v of results.violations) {
      if (v.impact !== "serious" && v.impact !== "critical") continue;
      const where = v.nodes.map((n) => n.target.join(" ")).join(", ");
      problems.push(`${route}: ${v.id}: ${v.help} (${where})`);
    }
  }
  expect(problems).toEqual([]);
});
