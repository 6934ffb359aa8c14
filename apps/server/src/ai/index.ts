import type { BirdHealthModelResult } from "@flockkeeper/shared/schemas/bird-health";
import { birdHealthModelResult } from "@flockkeeper/shared/schemas/bird-health";
import type { BreedRecord } from "@flockkeeper/shared/schemas/breed";
import type { BreedModelResult } from "@flockkeeper/shared/schemas/breed-id";
import { breedModelResult } from "@flockkeeper/shared/schemas/breed-id";
import type { DroppingsModelResult } from "@flockkeeper/shared/schemas/droppings";
import { droppingsModelResult } from "@flockkeeper/shared/schemas/droppings";
import type { AnalysisMethod } from "@flockkeeper/shared/schemas/analysis";
import type { PoultrySpecies } from "@flockkeeper/shared/schemas/species";
import type { AppConfig } from "../config";
import { samplePixels, toModelJpeg, type AnalysisImage } from "./image";
import { analyzeBirdHealthOffline } from "./offline/bird-health";
import { identifyBreedOffline } from "./offline/breed";
import { analyzeDroppingsOffline } from "./offline/droppings";
import { OpenAiCompatibleProvider } from "./openai-compatible";
import {
  BREED_PROMPT,
  BREED_SYSTEM,
  DROPPINGS_PROMPT,
  DROPPINGS_SYSTEM,
  HEALTH_SYSTEM,
  healthPrompt,
} from "./prompts";
import type { VisionProvider } from "./types";

export { AiError } from "./types";
export type { VisionProvider, VisionRequest } from "./types";

/** Spec: every request gives up after 30 s. */
export const DEFAULT_AI_TIMEOUT_MS = 30_000;

/**
 * The configured vision model, or null when none is set (offline analysers run instead).
 * `AI_TIMEOUT_MS` shortens the 30 s timeout (tests use it).
 */
export function createVisionProvider(
  config: Pick<AppConfig, "ai">,
  env: NodeJS.ProcessEnv = process.env,
): VisionProvider | null {
  if (!config.ai) return null;
  const t = Number(env.AI_TIMEOUT_MS);
  return new OpenAiCompatibleProvider({
    ...config.ai,
    timeoutMs: Number.isFinite(t) && t > 0 ? t : DEFAULT_AI_TIMEOUT_MS,
  });
}

type Answer<T> = { result: T; method: AnalysisMethod };

/** The three photo analyses, by the vision model when one is configured, else offline. */
export class VisionAnalyser {
  constructor(
    private readonly provider: VisionProvider | null,
    private readonly breeds: () => readonly BreedRecord[],
  ) {}

  get method(): AnalysisMethod {
    return this.provider ? "ai" : "offline";
  }

  async droppings(img: AnalysisImage): Promise<Answer<DroppingsModelResult>> {
    if (!this.provider) {
      return { result: analyzeDroppingsOffline(await samplePixels(img), img), method: "offline" };
    }
    const result = await this.provider.analyze({
      task: "droppings",
      schemaName: "droppings_analysis",
      schema: droppingsModelResult,
      system: DROPPINGS_SYSTEM,
      prompt: DROPPINGS_PROMPT,
      jpeg: await toModelJpeg(img),
    });
    return { result, method: "ai" };
  }

  async health(
    img: AnalysisImage,
    species: PoultrySpecies,
  ): Promise<Answer<BirdHealthModelResult>> {
    if (!this.provider) {
      return {
        result: analyzeBirdHealthOffline(await samplePixels(img), img, species),
        method: "offline",
      };
    }
    const result = await this.provider.analyze({
      task: "health",
      schemaName: "bird_health_analysis",
      schema: birdHealthModelResult,
      system: HEALTH_SYSTEM,
      prompt: healthPrompt(species),
      jpeg: await toModelJpeg(img),
    });
    return { result, method: "ai" };
  }

  async breed(img: AnalysisImage): Promise<Answer<BreedModelResult>> {
    if (!this.provider) {
      return {
        result: identifyBreedOffline(await samplePixels(img), this.breeds()),
        method: "offline",
      };
    }
    const result = await this.provider.analyze({
      task: "breed",
      schemaName: "breed_identification",
      schema: breedModelResult,
      system: BREED_SYSTEM,
      prompt: BREED_PROMPT,
      jpeg: await toModelJpeg(img),
    });
    return { result, method: "ai" };
  }
}
