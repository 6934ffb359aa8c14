import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { breedIdResult, identifyBreedBody } from "@flockkeeper/shared/schemas/breed-id";
import { createVisionProvider, VisionAnalyser } from "../../ai/index";
import { readAnalysisImage } from "../../ai/image";
import { getKnowledge } from "../../knowledge/index";
import { imageRouteOptions } from "../analyses/analyses.routes";
import { analysisRateLimit, runVision, saveAnalysis } from "../analyses/analyses.service";
import type { ModuleOptions } from "../module";
import { breedRarityFor, breedWeightsFor } from "./breed-id.service";
import { optionalKeeperOf, requireAccess } from "../../access/access";

/** `POST /api/identify-bird-breed` (spec section 7): open to everyone, saved for signed-in keepers. */
export async function breedIdRoutes(app: FastifyInstance, { config }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const vision = new VisionAnalyser(createVisionProvider(config), () => getKnowledge().breeds);

  r.post(
    "/api/identify-bird-breed",
    {
      ...imageRouteOptions,
      // onRequest: the keeper is known before the body is validated, so a photo analysis kept
      // offline and sent again under its Idempotency-Key runs (and costs a model call) once.
      onRequest: app.optionalUser,
      config: analysisRateLimit,
      schema: { body: identifyBreedBody, response: { 200: breedIdResult } },
    },
    async (req) => {
      const keeper = optionalKeeperOf(req);
      const birdId = keeper ? (req.body.birdId ?? null) : null;
      if (keeper && birdId) {
        await requireAccess(app.db, keeper, {
          permission: "chicken.read",
          ids: [birdId],
          as: "Bird",
        });
      }
      const img = await readAnalysisImage(req.body.image);
      const { result, method } = await runVision(() => vision.breed(img));
      const { breeds } = getKnowledge();
      const rarity = breedRarityFor(result.breed, result.species, breeds);
      const averageWeightText = breedWeightsFor(result.breed, result.species, breeds);
      const answer = { ...result, method, rarity, averageWeightText };
      const analysisId = keeper
        ? await saveAnalysis(app.db, keeper, {
            kind: "breed",
            status: result.breed,
            method,
            result: answer,
            image: img,
            birdId,
          })
        : null;
      return { ...answer, analysisId };
    },
  );
}
