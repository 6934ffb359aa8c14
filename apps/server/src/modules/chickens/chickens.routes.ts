import type { FastifyInstance } from "fastify";
import { sendJsonText } from "../../lib/response-serializer";
import {
  chicken,
  chickenDeletePreview as chickenDeletePreviewAnswer,
  chickenList,
  chickenOutcomeBody,
  createChickenBody,
  updateChickenBody,
} from "@flockkeeper/shared/schemas/chicken";
import { uuidParam } from "@flockkeeper/shared/schemas/common";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  chickenDeletePreview,
  createChicken,
  deleteChicken,
  getChicken,
  listChickensJson,
  setChickenOutcome,
  updateChicken,
} from "./chickens.service";
import { keeperOf } from "../../access/access";

// A bird may still arrive with its photo as a data URL (prototype clients); allow an image's size.
const PHOTO_BODY_LIMIT = 15 * 1024 * 1024;

/** The keeper's birds: `GET/POST /api/chickens`, `GET/PATCH/DELETE /api/chickens/{id}`. */
export async function chickensRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // onRequest (not preHandler): a signed-out caller is refused before any body is read or validated.
  const auth = { onRequest: app.requireUser };
  // Answers that depend only on the keeper's records (plugins/read-cache.ts).
  const cached = { keeperReadCache: true };

  r.get(
    "/api/chickens",
    { ...auth, config: cached, schema: { response: { 200: chickenList } } },
    async (req, reply) => {
      const list = await listChickensJson(app.db, keeperOf(req));
      if (typeof list !== "string") return list;
      // Already JSON of a chickenList (see listChickensJson): sent as it is.
      return sendJsonText(reply, list);
    },
  );

  r.get(
    "/api/chickens/:id",
    { ...auth, schema: { params: uuidParam, response: { 200: chicken } } },
    async (req) => getChicken(app.db, keeperOf(req), req.params.id),
  );

  r.post(
    "/api/chickens",
    {
      ...auth,
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: { body: createChickenBody, response: { 201: chicken } },
      config: { permission: "chicken.write", rateLimit: { max: 120, timeWindow: "1 minute" } },
    },
    async (req, reply) =>
      reply.code(201).send(await createChicken(app.db, keeperOf(req), req.body)),
  );

  r.patch(
    "/api/chickens/:id",
    {
      ...auth,
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: { params: uuidParam, body: updateChickenBody, response: { 200: chicken } },
      config: { permission: "chicken.write", rateLimit: { max: 120, timeWindow: "1 minute" } },
    },
    async (req) => updateChicken(app.db, keeperOf(req), req.params.id, req.body),
  );

  r.delete(
    "/api/chickens/:id",
    { config: { permission: "chicken.write" }, ...auth, schema: { params: uuidParam } },
    async (req, reply) => {
      await deleteChicken(app.db, keeperOf(req), req.params.id);
      return reply.code(204).send();
    },
  );

  // How a bird in no flock left (a bird in a flock leaves through a flock event).
  r.post(
    "/api/chickens/:id/outcome",
    {
      ...auth,
      schema: { params: uuidParam, body: chickenOutcomeBody, response: { 200: chicken } },
      config: { permission: "chicken.write", rateLimit: { max: 120, timeWindow: "1 minute" } },
    },
    async (req) => setChickenOutcome(app.db, keeperOf(req), req.params.id, req.body),
  );

  // What a deletion would take with it, for the confirmation.
  r.get(
    "/api/chickens/:id/delete-preview",
    {
      ...auth,
      schema: { params: uuidParam, response: { 200: chickenDeletePreviewAnswer } },
    },
    async (req) => chickenDeletePreview(app.db, keeperOf(req), req.params.id),
  );
}
