import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  saveWeatherPlaceBody,
  weatherPlace,
  weatherPlaceResponse,
  weatherQuery,
  weatherResponse,
} from "@flockkeeper/shared/schemas/weather";
import type { ModuleOptions } from "../module";
import { deletePlace, getPlace, getWeather, savePlace } from "./weather.service";
import { keeperOf } from "../../access/access";

/**
 * `GET /api/weather` (open to all: a forecast for a location, cached 15 minutes per rounded
 * location) and the signed-in keeper's saved place under `/api/weather/place`.
 */
export async function weatherRoutes(app: FastifyInstance, opts: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const baseUrl = opts.config.weatherBaseUrl;

  r.get(
    "/api/weather",
    {
      schema: { querystring: weatherQuery, response: { 200: weatherResponse } },
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
    },
    async (req, reply) => {
      const weather = await getWeather(app.db, baseUrl, req.query);
      // The browser may reuse it briefly; the server cache does the real work.
      reply.header("cache-control", "private, max-age=300");
      return weather;
    },
  );

  r.get(
    "/api/weather/place",
    { schema: { response: { 200: weatherPlaceResponse } }, preHandler: app.requireUser },
    async (req) => ({ place: await getPlace(app.db, keeperOf(req)) }),
  );

  r.put(
    "/api/weather/place",
    {
      schema: { body: saveWeatherPlaceBody, response: { 200: weatherPlace } },
      preHandler: app.requireUser,
      config: { permission: "farm.write", rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (req) => savePlace(app.db, keeperOf(req), req.body),
  );

  r.delete(
    "/api/weather/place",
    { config: { permission: "farm.write" }, preHandler: app.requireUser },
    async (req, reply) => {
      await deletePlace(app.db, keeperOf(req));
      return reply.code(204).send();
    },
  );
}
