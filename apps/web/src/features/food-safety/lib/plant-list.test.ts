import { describe, expect, it } from "vitest";
import { parsePlantList, pushRecent } from "./plant-list";

describe("parsePlantList", () => {
  it("splits on newlines and commas, trims and drops blanks", () => {
    expect(parsePlantList(" Foxglove \n\nyew, , dandelion,\r\n  ")).toEqual([
      "Foxglove",
      "yew",
      "dandelion",
    ]);
  });
  it("gives nothing for blank text", () => {
    expect(parsePlantList("  \n , \n")).toEqual([]);
  });
});

describe("pushRecent", () => {
  it("keeps the latest 4 without repeats", () => {
    let list: string[] = [];
    for (const t of ["a", "b", "c", "d", "e", "B"]) list = pushRecent(list, t);
    expect(list).toEqual(["B", "e", "d", "c"]);
  });
});
