import type { FastifyError, FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  analysisList,
  analysisRecord,
  listAnalysesQuery,
} from "@flockkeeper/shared/schemas/analysis";
import { analyzeHealthBody, birdHealthResult } from "@flockkeeper/shared/schemas/bird-health";
import { uuidParam } from "@flockkeeper/shared/schemas/common";
import { analyzeFecesBody, droppingsResult } from "@flockkeeper/shared/schemas/droppings";
import { createVisionProvider, VisionAnalyser } from "../../ai/index";
import { readAnalysisImage } from "../../ai/image";
import { getKnowledge } from "../../knowledge/index";
import { imageTooLarge } from "../images/images.service";
import type { ModuleOptions } from "../module";
import {
  analysisRateLimit,
  deleteAnalysis,
  getAnalysis,
  listAnalyses,
  runVision,
  saveAnalysis,
} from "./analyses.service";
import { keeperOf, optionalKeeperOf, requireAccess } from "../../access/access";

/** Image routes take up to 15 MB of JSON; a bigger body gets the spec's image-size message. */
export const imageRouteOptions = {
  bodyLimit: 15 * 1024 * 1024,
  errorHandler: (error: FastifyError) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") throw imageTooLarge();
    throw error;
  },
};

/**
 * Droppings and bird-health photo analyses (spec section 7), open to everyone, and the saved history
 * of a signed-in keeper's analyses (`/api/analyses`).
 */
export async function analysesRoutes(app: FastifyInstance, { config }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const vision = new VisionAnalyser(createVisionProvider(config), () => getKnowledge().breeds);

  r.post(
    "/api/analyze-feces",
    {
      ...imageRouteOptions,
      // onRequest: the keeper is known before the body is validated, so a photo analysis kept
      // offline and sent again under its Idempotency-Key runs (and costs a model call) once.
      onRequest: app.optionalUser,
      config: analysisRateLimit,
      schema: { body: analyzeFecesBody, response: { 200: droppingsResult } },
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
      const { result, method } = await runVision(() => vision.droppings(img));
      const analysisId = keeper
        ? await saveAnalysis(app.db, keeper, {
            kind: "droppings",
            status: result.healthStatus,
            method,
            result: { ...result, method },
            image: img,
            birdId,
          })
        : null;
      return { ...result, method, analysisId };
    },
  );

  r.post(
    "/api/analyze-health",
    {
      ...imageRouteOptions,
      // onRequest: the keeper is known before the body is validated, so a photo analysis kept
      // offline and sent again under its Idempotency-Key runs (and costs a model call) once.
      onRequest: app.optionalUser,
      config: analysisRateLimit,
      schema: { body: analyzeHealthBody, response: { 200: birdHealthResult } },
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
      const { result, method } = await runVision(() => vision.health(img, req.body.species));
      const analysisId = keeper
        ? await saveAnalysis(app.db, keeper, {
            kind: "health",
            status: result.healthStatus,
            method,
            result: { ...result, method, species: req.body.species },
            image: img,
            birdId,
          })
        : null;
      return { ...result, method, analysisId };
    },
  );

  const auth = { onRequest: app.requireUser };

  r.get(
    "/api/analyses",
    { ...auth, schema: { querystring: listAnalysesQuery, response: { 200: analysisList } } },
    async (req) => listAnalyses(app.db, keeperOf(req), req.query),
  );

  r.get(
    "/api/analyses/:id",
    { ...auth, schema: { params: uuidParam, response: { 200: analysisRecord } } },
    async (req) => getAnalysis(app.db, keeperOf(req), req.params.id),
  );

  r.delete("/api/analyses/:id", { ...auth, schema: { params: uuidParam } }, async (req, reply) => {
    await deleteAnalysis(app.db, keeperOf(req), req.params.id);
    return reply.code(204).send();
  });
}
