import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { networkQuiet, uniqueEmail } from "./helpers";

const SHORTCUTS: [string, string][] = [
  ["Flock Manager", "/chicken-tracker"],
  ["Bird Identifier", "/chicken-identifier"],
  ["Can My Flock Eat This?", "/food-safety"],
  ["Health Diagnostic", "/health-diagnostic"],
  ["Pro Tools", "/advanced-tools"],
  ["Learn Chickens", "/educational-resources"],
];

test("every shortcut on the home page leads to its route; Follow Facebook opens the social page", async ({
  page,
}) => {
  for (const [label, path] of SHORTCUTS) {
    await page.goto("/");
    const shortcuts = page.getByRole("navigation", { name: "Shortcuts" });
    await shortcuts
      .getByRole("link", { name: new RegExp(`^${label.replace("?", "\\?")}`) })
      .click();
    await expect(page).toHaveURL(path);
    await expect(page.locator("h1").first()).toBeVisible();
  }
  await page.goto("/");
  const social = page
    .getByRole("navigation", { name: "Shortcuts" })
    .getByRole("link", { name: /Follow Facebook/ });
  await expect(social).toHaveAttribute("href", "https://www.facebook.com/");
  await expect(social).toHaveAttribute("target", "_blank");
});

test("home shows the top ad banner and the bottom one in reversed order, moving nothing", async ({
  page,
}) => {
  const login = await page.request.post("/api/admin/login", {
    data: { password: "e2e-admin-password" },
  });
  expect(login.ok()).toBe(true);
  const ids: string[] = [];
  try {
    for (const title of ["Marketing test ad A", "Marketing test ad B"]) {
      const res = await page.request.post("/api/admin/advertisements", {
        data: { title, description: "An advert for the home page test.", category: "feed" },
      });
      expect(res.status(), await res.text()).toBe(201);
      ids.push((await res.json()).id);
    }
    // Layout shifts while the page loads and its ads arrive (issue 25 item 7: CLS <= 0.05).
    await page.addInitScript(() => {
      const w = window as unknown as { cls: number };
      w.cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number })[]) {
          w.cls += e.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/");
    const slots = page.getByTestId("ad-slot");
    await expect(slots).toHaveCount(2);
    // An ad without an image shows its category's designed placeholder (feed: the wheat tile).
    await expect(slots.first().getByTestId("ad-image-placeholder").first()).toHaveAttribute(
      "data-category",
      "feed",
    );
    expect(
      await page.evaluate(() => (window as unknown as { cls: number }).cls),
    ).toBeLessThanOrEqual(0.05);
    const firstTitle = (n: number) =>
      slots
        .nth(n)
        .getByText(/Marketing test ad/)
        .first();
    const top = await firstTitle(0).innerText();
    const bottom = await firstTitle(1).innerText();
    expect(top).not.toBe(bottom);
    // The top slot comes before the shortcuts, the bottom one after them.
    const order = await page.evaluate(() => {
      const nav = document.querySelector('nav[aria-label="Shortcuts"]')!;
      const slotsFound = document.querySelectorAll('[data-testid="ad-slot"]');
      const a = slotsFound.item(0);
      const b = slotsFound.item(1);
      return [
        Boolean(a!.compareDocumentPosition(nav) & Node.DOCUMENT_POSITION_FOLLOWING),
        Boolean(b!.compareDocumentPosition(nav) & Node.DOCUMENT_POSITION_PRECEDING),
      ];
    });
    expect(order).toEqual([true, true]);
  } finally {
    for (const id of ids) await page.request.delete(`/api/admin/advertisements/${id}`);
  }
});

test("home shows only live figures from /api/stats, and the page title and description", async ({
  page,
}) => {
  const statsResponse = page.waitForResponse("**/api/stats");
  await page.goto("/");
  const stats = await (await statsResponse).json();
  await expect(page).toHaveTitle("FlockKeeper");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /flock/i);
  await expect(page.getByTestId("stat-species")).toContainText("6");
  await expect(page.getByTestId("stat-foods")).toContainText(
    new Intl.NumberFormat("en").format(stats.foods),
  );
  await expect(page.getByTestId("stat-breeds")).toContainText(String(stats.breeds));
  // None of the prototype's invented figures.
  for (const claim of ["10,000+", "99.7%", "4.9", "2,500+"]) {
    await expect(page.getByText(claim)).toHaveCount(0);
  }
});

test("the disclaimer modal cannot be dismissed by an outside click and remembers the choice", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Read the full disclaimer" }).click();
  const dialog = page.getByRole("dialog", { name: "Legal Disclaimer & Terms of Use" });
  await expect(dialog).toBeVisible();
  // Outside click and Escape leave it open.
  await page.mouse.click(5, 5);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Close" })).toHaveCount(0);

  await dialog.getByLabel("Remember my choice for future visits").check();
  await dialog.getByRole("button", { name: "I Understand & Agree" }).click();
  await expect(dialog).toBeHidden();
  const flags = await page.evaluate(() => ({
    accepted: localStorage.getItem("disclaimer-accepted"),
    timestamp: localStorage.getItem("disclaimer-timestamp"),
  }));
  expect(flags.accepted).toBe("true");
  expect(new Date(flags.timestamp!).toISOString()).toBe(flags.timestamp);

  await page.reload();
  await expect(page.getByTestId("disclaimer-state")).toContainText("remembered in this browser");
});

test("declining without 'remember' stores nothing", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Read the full disclaimer" }).click();
  const dialog = page.getByRole("dialog", { name: "Legal Disclaimer & Terms of Use" });
  await dialog.getByRole("button", { name: "I Do Not Agree" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("disclaimer-state")).toContainText("did not agree");
  const stored = await page.evaluate(() => [
    localStorage.getItem("disclaimer-accepted"),
    localStorage.getItem("disclaimer-timestamp"),
  ]);
  expect(stored).toEqual([null, null]);
});

test("blog list leads to a full article, rendered from Markdown", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  await expect(page.getByText("Featured article")).toBeVisible();
  const articles = page.locator("article");
  await expect.poll(() => articles.count()).toBeGreaterThanOrEqual(5);
  await page.getByRole("link", { name: "Winter Care for Poultry", exact: false }).first().click();
  await expect(page).toHaveURL(/\/blog\/winter-care-for-poultry$/);
  const h1 = page.locator("h1");
  await expect(h1).toContainText(/winter/i);
  await expect(page).toHaveTitle(/Winter.*\| FlockKeeper/);
  // The body is fetched after the header renders: wait for it rather than racing it.
  await expect(page.getByText("Loading article…")).toHaveCount(0);
  await expect.poll(() => page.locator("main h2").count()).toBeGreaterThan(3);
  const words = (await page.locator("main article").first().innerText()).split(/\s+/).length;
  expect(words).toBeGreaterThan(600);
  await page.getByRole("link", { name: "All articles" }).click();
  await expect(page).toHaveURL("/blog");
});

test("an unknown article says so", async ({ page }) => {
  await page.goto("/blog/no-such-article");
  await expect(page.getByRole("heading", { name: "Article not found" })).toBeVisible();
});

test("newsletter subscribe shows confirmation; the same email again is not duplicated", async ({
  page,
}) => {
  const email = uniqueEmail("newsletter");
  await page.goto("/blog");
  const box = page.getByRole("region", { name: "Get new articles by email" });
  await box.getByLabel("Email address").fill(email);
  await box.getByRole("button", { name: "Subscribe" }).click();
  await expect(box.getByRole("alert")).toHaveText(
    "Please tick the box to agree to receive the newsletter",
  );
  await box.getByLabel(/I agree to receive/).check();
  await box.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByTestId("newsletter-confirmation")).toContainText("Thanks for subscribing");
  await expect(page.getByTestId("newsletter-confirmation")).toContainText("consent");

  await page.reload();
  await box.getByLabel("Email address").fill(email.toUpperCase());
  await box.getByLabel(/I agree to receive/).check();
  await box.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByTestId("newsletter-confirmation")).toContainText("already subscribed");
});

test("the sign-in information panel comes before sign-in and explains what is stored", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.locator("h1").first()).toBeVisible();
  const menu = page.getByRole("button", { name: "Open menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("button", { name: "Sign In" }).first().click();
  const panel = page.getByRole("dialog", { name: "Before you sign in" });
  await expect(panel).toBeVisible();
  for (const heading of [
    "What we collect",
    "Why we need it",
    "How it is used",
    "What we never do",
    "Our privacy promise",
    "Security",
  ]) {
    await expect(panel.getByRole("heading", { name: heading })).toBeVisible();
  }
  await panel.getByRole("button", { name: "Continue with Secure Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.getByLabel("Password")).toBeVisible();
});

test("features and competitors link where the spec says; legal has every document", async ({
  page,
}) => {
  await page.goto("/features");
  await expect(page.locator('main a[href="/chicken-tracker"]').first()).toBeVisible();
  await expect(page.locator('main a[href="/health-diagnostic"]').first()).toBeVisible();

  await page.goto("/competitors");
  const table = page.getByRole("table");
  for (const row of [
    "AI health diagnostics",
    "Multi-species support",
    "Mobile PWA",
    "Pricing",
    "User rating",
  ]) {
    await expect(table.getByRole("rowheader", { name: row })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "What keepers say" })).toBeVisible();
  await expect(page.locator('main a[href="/chicken-tracker"]').last()).toBeVisible();
  await expect(page.locator('main a[href="/features"]').last()).toBeVisible();

  await page.goto("/legal#privacy");
  for (const title of [
    "Terms of Use",
    "Privacy Policy",
    "Veterinary Disclaimer",
    "Affiliate Disclosure",
    "Cookie Policy",
  ]) {
    await expect(
      page.getByRole("heading", { level: 2, name: new RegExp(title, "i") }).first(),
    ).toBeVisible();
  }
  await expect(page.locator("#privacy")).toBeInViewport();
  await expect(page.getByText("Newsletter").first()).toBeVisible();
});

test("sitemap.xml and robots.txt are served", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  expect(xml).toContain("/blog/planning-your-first-flock</loc>");
  expect(xml).toContain("/competitors</loc>");
  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toContain("Sitemap:");
});

for (const path of ["/", "/features", "/blog", "/competitors", "/legal"]) {
  test(`accessibility: ${path} has no serious or critical axe violations`, async ({ page }) => {
    const settled = networkQuiet(page);
    await page.goto(path);
    await expect(page.locator("h1").first()).toBeVisible();
    await settled(path);
    // In the page, violations only: see seriousAxe in e2e/design.spec.ts.
    const results = await new AxeBuilder({ page })
      .setLegacyMode()
      .options({ resultTypes: ["violations"] })
      .analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    ).toEqual([]);
  });
}
