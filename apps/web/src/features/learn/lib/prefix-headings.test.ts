import { describe, expect, it } from "vitest";
import { nestHtml } from "./prefix-headings";

describe("nestHtml", () => {
  it("prefixes heading ids and shifts levels", () => {
    expect(nestHtml('<h2 id="feed">Feed</h2><p>x</p>', "nutrition", 1)).toBe(
      '<h3 id="nutrition-feed">Feed</h3><p>x</p>',
    );
    expect(nestHtml('<h2 id="a">A</h2>', "d")).toBe('<h2 id="d-a">A</h2>');
  });
});
