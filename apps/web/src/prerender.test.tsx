// @vitest-environment node
import { describe, expect, it } from "vitest";
import { render } from "./prerender";

const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;

describe("prerender", () => {
  it("renders a public page with its title", async () => {
    const { html, meta } = await render("/food-safety");
    expect(meta?.title).toBeTruthy();
    expect(html).toContain("Can My Flock Eat This?");
  });

  // A timer left behind keeps `npm run build` (and so `npm start`) waiting until it fires.
  it("leaves no timers running once a page is rendered", async () => {
    await render("/");
    const before = timers();
    await render("/food-safety");
    await render("/chicken-tracker");
    expect(timers()).toBeLessThanOrEqual(before);
  });
});
