import { describe, expect, it } from "vitest";
import { OFFLINE_LABEL } from "@flockkeeper/shared/schemas/analysis";
import { getKnowledge } from "../../knowledge/index";
import { readAnalysisImage, samplePixels } from "../image";
import {
  barredBird,
  birdPhoto,
  blackTarryDroppings,
  bloodyDroppings,
  caecalDroppings,
  greenWateryDroppings,
  healthyDroppings,
  whiteWateryDroppings,
  yellowFoamyDroppings,
} from "../test/images";
import { analyzeBirdHealthOffline } from "./bird-health";
import { identifyBreedOffline } from "./breed";
import { analyzeDroppingsOffline, measureDroppings } from "./droppings";

async function pixels(jpeg: Buffer) {
  const img = await readAnalysisImage(jpeg.toString("base64"));
  return { px: await samplePixels(img), img };
}

describe("offline droppings analyser", () => {
  it("calls brown with a white cap healthy, labelled and with a low confidence", async () => {
    const { px, img } = await pixels(await healthyDroppings());
    const m = measureDroppings(px);
    expect(m.fractions.brown).toBeGreaterThan(0.4);
    expect(m.fractions.white).toBeGreaterThan(0.05);
    const r = analyzeDroppingsOffline(px, img);
    expect(r.healthStatus).toBe("healthy");
    expect(r.analysis.startsWith(OFFLINE_LABEL)).toBe(true);
    expect(r.confidenceLevel).toBeLessThanOrEqual(0.35);
    expect(r.followUpRequired).toBe(false);
    expect(r.warnings.join(" ")).toMatch(/not a diagnosis/);
  });

  it("calls bright red streaks urgent", async () => {
    const { px, img } = await pixels(await bloodyDroppings());
    const r = analyzeDroppingsOffline(px, img);
    expect(r.healthStatus).toBe("urgent");
    expect(r.followUpRequired).toBe(true);
    expect(r.analysis).toMatch(/coccidiosis/);
  });

  it("calls green watery droppings concerning", async () => {
    const { px, img } = await pixels(await greenWateryDroppings());
    const r = analyzeDroppingsOffline(px, img);
    expect(r.healthStatus).toBe("concerning");
    expect(r.analysis).toMatch(/[Gg]reen/);
    expect(r.clinicalFindings).toMatch(/green/);
  });
  it("reads a dark brown dropping without a cap as a possible normal caecal dropping", async () => {
    const { px, img } = await pixels(await caecalDroppings());
    const r = analyzeDroppingsOffline(px, img);
    expect(r.healthStatus).toBe("healthy");
    expect(r.analysis).toMatch(/caecal/);
    expect(r.confidenceLevel).toBeLessThanOrEqual(0.3);
  });

  it("calls yellow, foamy droppings concerning and mentions caecal, worms and blackhead", async () => {
    const { px, img } = await pixels(await yellowFoamyDroppings());
    const m = measureDroppings(px);
    expect(m.fractions.yellow).toBeGreaterThan(0.3);
    const r = analyzeDroppingsOffline(px, img);
    expect(r.healthStatus).toBe("concerning");
    expect(r.analysis).toMatch(/[Yy]ellow/);
    expect(r.analysis).toMatch(/blackhead/);
    expect(r.recommendations.join(" ")).toMatch(/faecal test/);
  });

  it("calls white, watery droppings concerning with follow-up", async () => {
    const { px, img } = await pixels(await whiteWateryDroppings());
    const m = measureDroppings(px);
    expect(m.fractions.white).toBeGreaterThan(0.55);
    const r = analyzeDroppingsOffline(px, img);
    expect(r.healthStatus).toBe("concerning");
    expect(r.followUpRequired).toBe(true);
    expect(r.analysis).toMatch(/[Ww]hite, watery/);
  });

  it("calls black, tarry droppings concerning and asks about the diet", async () => {
    const { px, img } = await pixels(await blackTarryDroppings());
    const r = analyzeDroppingsOffline(px, img);
    expect(r.healthStatus).toBe("concerning");
    expect(r.followUpRequired).toBe(true);
    expect(r.analysis).toMatch(/tarry/);
    expect(r.recommendations.join(" ")).toMatch(/charcoal/);
  });

  it("never reports more than the offline confidence cap, and always says it is not a diagnosis", async () => {
    for (const make of [
      healthyDroppings,
      bloodyDroppings,
      greenWateryDroppings,
      yellowFoamyDroppings,
      whiteWateryDroppings,
      blackTarryDroppings,
      caecalDroppings,
    ]) {
      const { px, img } = await pixels(await make());
      const r = analyzeDroppingsOffline(px, img);
      expect(r.confidenceLevel).toBeLessThanOrEqual(0.35);
      expect(r.analysis.startsWith(OFFLINE_LABEL)).toBe(true);
      expect(r.warnings.join(" ")).toMatch(/not a diagnosis/);
    }
  });
});

describe("offline bird health analyser", () => {
  it("reads a bright red comb as a good sign but stays cautious", async () => {
    const { px, img } = await pixels(await birdPhoto("#a0522d", "#d01818"));
    const r = analyzeBirdHealthOffline(px, img, "chicken");
    expect(r.healthStatus).toBe("healthy");
    expect(r.analysis.startsWith(OFFLINE_LABEL)).toBe(true);
    expect(r.analysis).toMatch(/Symptom Checker/);
    expect(r.confidenceLevel).toBeLessThanOrEqual(0.35);
    expect(r.observations.comb).toMatch(/red/);
  });

  it("flags a pale comb as concerning and asks for symptoms", async () => {
    const { px, img } = await pixels(await birdPhoto("#a0522d", "#f0c4c0"));
    const r = analyzeBirdHealthOffline(px, img, "chicken");
    expect(r.healthStatus).toBe("concerning");
    expect(r.followUpRequired).toBe(true);
    expect(r.analysis).toMatch(/pale/);
  });

  it("does not read combs of ducks", async () => {
    const { px, img } = await pixels(await birdPhoto("#f4f4f0", null));
    const r = analyzeBirdHealthOffline(px, img, "duck");
    expect(r.observations.comb).toMatch(/Not checked/);
    expect(r.confidenceLevel).toBeLessThanOrEqual(0.2);
  });

  it("reports a dark, blurred photo as a quality problem", async () => {
    const sharp = (await import("sharp")).default;
    const dark = await sharp({
      create: { width: 400, height: 300, channels: 3, background: "#0a0a0a" },
    })
      .jpeg()
      .toBuffer();
    const { px, img } = await pixels(dark);
    const r = analyzeBirdHealthOffline(px, img, "chicken");
    expect(r.warnings.join(" ")).toMatch(/very dark/);
  });
});

describe("offline breed identifier", () => {
  const breeds = getKnowledge().breeds;

  it("suggests a white breed for a white bird, with low confidence and alternatives", async () => {
    const { px } = await pixels(await birdPhoto("#f2f2ee"));
    const r = identifyBreedOffline(px, breeds);
    expect(
      r.physicalTraits.primaryColors.some((c) => ["white", "cream", "silver"].includes(c)),
    ).toBe(true);
    expect(r.confidence).toBeLessThanOrEqual(35);
    expect(r.alternativeBreeds).toHaveLength(3);
    expect(r.description.startsWith(OFFLINE_LABEL)).toBe(true);
  });

  it("suggests a barred breed for black and white bars", async () => {
    const { px } = await pixels(await barredBird());
    const r = identifyBreedOffline(px, breeds);
    const patterns = [r.physicalTraits.featherPattern];
    expect(patterns.some((p) => ["barred", "cuckoo"].includes(p))).toBe(true);
  });

  it("suggests a red or buff breed for a red-brown bird", async () => {
    const { px } = await pixels(await birdPhoto("#8b3a1e"));
    const r = identifyBreedOffline(px, breeds);
    expect(
      r.physicalTraits.primaryColors.some((c) => ["red", "mahogany", "brown"].includes(c)),
    ).toBe(true);
  });
});
