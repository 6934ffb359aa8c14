import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

/*
 * The build records the SHA-256 of each dataset it validated (`__DATASETS_CHECKED__`, defined by
 * apps/server/scripts/build-server.ts), and a start whose file still has that hash skips the schema
 * check. These tests load the module afresh with and without that record and watch whether the
 * foods schema runs: the skip must happen only for the very file the build checked, in the
 * repository's data folder.
 */

async function load(checked?: Record<string, string>) {
  vi.resetModules();
  if (checked) vi.stubGlobal("__DATASETS_CHECKED__", checked);
  const datasets = await import("./datasets");
  const { foodDataset } = await import("@flockkeeper/shared/schemas/food");
  const { conditionDataset } = await import("@flockkeeper/shared/schemas/condition");
  const foodsChecked = vi.spyOn(foodDataset, "safeParse");
  const conditionsChecked = vi.spyOn(conditionDataset, "safeParse");
  return { datasets, foodsChecked, conditionsChecked };
}

const foodsText = () =>
  fs.readFileSync(path.join(import.meta.dirname, "../../../../data/foods.json"), "utf8");

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("dataset check at start", () => {
  it("checks every file when running from the sources (no build record)", async () => {
    const { datasets, foodsChecked, conditionsChecked } = await load();
    const loaded = datasets.loadDatasets();
    expect(foodsChecked).toHaveBeenCalledTimes(1);
    expect(conditionsChecked).toHaveBeenCalledTimes(1);
    expect(loaded.foods.length).toBeGreaterThan(300);
  });

  it("skips the check of a file the build validated, and only that file", async () => {
    const { datasets, foodsChecked, conditionsChecked } = await load({
      "foods.json": createHashOf(foodsText()),
    });
    const skipped = datasets.loadDatasets();
    expect(foodsChecked).not.toHaveBeenCalled();
    expect(conditionsChecked).toHaveBeenCalledTimes(1);
    // Same answer as the checked path: the build recorded the hash only because the checked value
    // is the file's JSON unchanged.
    expect(skipped.foods).toEqual(JSON.parse(foodsText()));
  });

  it("checks a file edited since the build", async () => {
    const { datasets, foodsChecked } = await load({
      "foods.json": createHashOf(`${foodsText()}\n `),
    });
    datasets.loadDatasets();
    expect(foodsChecked).toHaveBeenCalledTimes(1);
  });

  it("checks the same file in another data folder, and refuses it there when invalid", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fk-datasets-"));
    try {
      const source = path.dirname(path.join(import.meta.dirname, "../../../../data/foods.json"));
      for (const file of ["foods.json", "conditions.json", "symptoms.json", "breeds.json"]) {
        fs.copyFileSync(path.join(source, file), path.join(dir, file));
      }
      const { datasets, foodsChecked } = await load({ "foods.json": createHashOf(foodsText()) });
      datasets.loadDatasets(dir);
      expect(foodsChecked).toHaveBeenCalledTimes(1);

      const foods = JSON.parse(foodsText()) as { safetyLevel?: unknown }[];
      foods[0]!.safetyLevel = "delicious";
      fs.writeFileSync(path.join(dir, "foods.json"), JSON.stringify(foods));
      expect(() => datasets.loadDatasets(dir)).toThrow(
        /Knowledge dataset foods\.json is invalid at 0\./,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Written out here rather than imported, so the test does not trust the function it checks. */
function createHashOf(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
