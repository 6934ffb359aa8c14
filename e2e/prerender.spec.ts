import { expect, test, type ConsoleMessage, type Page } from "@playwright/test";
import { networkQuiet, signIn } from "./helpers";

/**
 * Console errors and React's hydration complaints (warnings included) while `run` goes on. The
 * browser's own log line for an HTTP error status is left out: signed out, /api/auth/user
 * answers 401 by design.
 */
async function collectConsoleProblems(page: Page, run: () => Promise<void>): Promise<string[]> {
  const problems: string[] = [];
  const onConsole = (msg: ConsoleMessage) => {
    const text = msg.text();
    if (text.startsWith("Failed to load resource")) return;
    if (msg.type() === "error" || /hydrat|did not match|server rendered/i.test(text)) {
      problems.push(`${msg.type()}: ${text}`);
    }
  };
  const onPageError = (err: Error) => problems.push(`pageerror: ${err.message}`);
  page.on("console", onConsole);
  page.on("pageerror", onPageError);
  try {
    await run();
  } finally {
    page.off("console", onConsole);
    page.off("pageerror", onPageError);
  }
  return problems;
}

test("/ and /blog arrive with their content, title and description in the HTML", async ({
  request,
}) => {
  const home = await request.get("/");
  expect(home.status()).toBe(200);
  const homeHtml = await home.text();
  expect(homeHtml).toContain("<title>FlockKeeper</title>");
  expect(homeHtml).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
  expect(homeHtml).toContain('aria-label="Shortcuts"');
  expect(homeHtml).toContain("Can My Flock Eat This?");
  // Live figures come from /api/stats in the browser, never baked into the HTML.
  expect(homeHtml).not.toContain('data-testid="stat-');
  // Ad banners hold their box from the first paint (no ads in the HTML; no shift when they come).
  expect(homeHtml.match(/data-testid="ad-box"/g)).toHaveLength(2);
  expect(homeHtml).not.toContain('data-testid="ad-slot"');

  const blog = await request.get("/blog");
  expect(blog.status()).toBe(200);
  const blogHtml = await blog.text();
  expect(blogHtml).toContain("<title>Blog | FlockKeeper</title>");
  expect(blogHtml).toMatch(/name="description"\s+content="Practical articles/);
  expect(blogHtml).toMatch(/<h1[^>]*>Blog<\/h1>/);
  expect(blogHtml).toContain("More articles");
  expect(blogHtml).toMatch(/href="\/blog\/[a-z0-9-]+"/);

  // Any other path still gets the empty app shell.
  const other = await request.get("/rarity-explorer");
  expect(await other.text()).toContain('<div id="root"></div>');
});

test("prerendered pages are sent compressed when the browser accepts it", async ({ request }) => {
  const res = await request.get("/blog", { headers: { "accept-encoding": "br, gzip" } });
  expect(res.headers()["content-encoding"]).toBe("br");
  expect(res.headers()["vary"]).toMatch(/accept-encoding/i);
  expect(await res.text()).toContain("More articles");
});

for (const path of ["/", "/blog", "/chicken-tracker", "/food-safety"]) {
  test(`${path} hydrates without console errors or hydration warnings`, async ({ page }) => {
    // The page's own chunk arrives after the answer to "who is signed in" (a slow network): the
    // part of the page it renders hydrates after that answer and must still match the HTML.
    await page.route(/\/assets\/(?!index-)[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const settled = networkQuiet(page);
    const problems = await collectConsoleProblems(page, async () => {
      await page.goto(path);
      // The delayed chunks have arrived (and hydrated what they render).
      await settled(path);
      // Hydrated: the header's menu button responds.
      const menu = page.getByRole("button", { name: "Open menu" });
      await menu.click();
      await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
      // Signed out, after hydration the header offers sign-in.
      await expect(page.getByRole("button", { name: "Sign In" }).first()).toBeVisible();
    });
    expect(problems).toEqual([]);
  });
}

test("a click straight after the page arrives works, and what it opens is styled", async ({
  page,
}) => {
  // The whole stylesheet arrives late (a slow network): the page paints from its inlined CSS, and
  // React must already be listening, not waiting for the stylesheet before it hydrates.
  await page.route(/\/assets\/index-[^/]+\.css$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const sheetLoaded = () =>
    page.evaluate(
      () => !!document.querySelector<HTMLLinkElement>("link[data-deferred-css]")?.sheet,
    );
  expect(await sheetLoaded()).toBe(false);
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  // A dialog (new markup) shows only once the whole stylesheet is in.
  await page.getByRole("button", { name: "Sign In" }).first().click();
  await expect(page.getByRole("dialog", { name: "Before you sign in" })).toBeVisible();
  expect(await sheetLoaded()).toBe(true);
});

test("a signed-in keeper sees their name on prerendered pages and can navigate", async ({
  page,
}) => {
  const { firstName } = await signIn(page, { name: "Prerender Tester" });
  const problems = await collectConsoleProblems(page, async () => {
    await page.goto("/blog");
    await expect(page.getByTestId("user-name").first()).toHaveText(firstName);
    await page.goto("/chicken-tracker");
    await expect(page.getByTestId("user-name").first()).toHaveText(firstName);
    // Signed in, the flock tab shows the keeper's tools instead of the sign-in prompt.
    await expect(page.getByRole("tab", { name: "My Chickens" })).toBeVisible();
    await page.goto("/");
    await page
      .getByRole("navigation", { name: "Shortcuts" })
      .getByRole("link", { name: /^Can My Flock Eat This\?/ })
      .click();
    await expect(page).toHaveURL("/food-safety");
    await expect(page.getByTestId("user-name").first()).toHaveText(firstName);
  });
  expect(problems).toEqual([]);
});

test.describe("a prerendered page's dates", () => {
  test.use({ locale: "en-US" });

  test("arrive in the prerender locale and switch to the keeper's once the page has loaded", async ({
    page,
  }) => {
    // The HTML's day is written in en-GB ("Tuesday, 8 September 2026"); this browser reads en-US, and
    // the switch happens after the ICU warm-up worker (lib/intl-warmup.ts) has answered.
    let warmups = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/intl-warmup.js")) warmups += 1;
    });
    const html = await (await page.request.get("/blog")).text();
    const iso = /<time datetime="(\d{4}-\d{2}-\d{2})">([^<]+)<\/time>/i.exec(html);
    expect(iso).not.toBeNull();
    const [, day, htmlText] = iso!;
    const problems = await collectConsoleProblems(page, async () => {
      await page.goto("/blog");
      const keeperText = await page.evaluate(
        (d) =>
          new Intl.DateTimeFormat("en-US", {
            weekday: "long",
            day: "numeric",
            month: "long",
            year: "numeric",
            timeZone: "UTC",
          }).format(new Date(`${d}T00:00:00Z`)),
        day,
      );
      expect(keeperText).not.toBe(htmlText);
      await expect(page.locator(`time[datetime="${day}"]`).first()).toHaveText(keeperText);
    });
    expect(problems).toEqual([]);
    expect(warmups).toBe(1);
  });
});
