import { expect, test } from "@playwright/test";

// Issue 20 item 2: the medications list in the Flock Health Center at 360 px, signed out: the
// disclaimer first (not dosing advice), label withdrawal figures, "none established" where no
// reputable source gives one, region notes and sources.

test("the medications list shows withdrawal periods under its disclaimer, at phone width", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/health-diagnostic?tab=medications");
  await expect(page.getByTestId("medications-disclaimer")).toContainText(
    "Not dosing or treatment advice",
  );
  const flubendazole = page.getByTestId("medication").filter({ hasText: "Flubendazole" });
  await expect(flubendazole.getByTestId("egg-withdrawal")).toHaveText("0 days");
  await expect(flubendazole).toContainText("UK:");
  const ivermectin = page.getByTestId("medication").filter({ hasText: "Ivermectin" });
  await expect(ivermectin.getByTestId("egg-withdrawal")).toHaveText("none established");
  await expect(ivermectin).toContainText("ask a vet; do not eat the eggs");
  const enrofloxacin = page.getByTestId("medication").filter({ hasText: "Enrofloxacin" });
  await expect(enrofloxacin).toContainText("2005");
  await page.getByLabel("Show").selectOption("vaccine");
  await expect(page.getByTestId("medication")).toHaveCount(4);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
