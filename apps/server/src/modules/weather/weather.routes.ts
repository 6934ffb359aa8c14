import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  placeSearchQuery,
  placeSearchResponse,
  saveWeatherPlaceBody,
  weatherPlace,
  weatherPlaceResponse,
  weatherQuery,
  weatherResponse,
} from "@flockkeeper/shared/schemas/weather";
import type { ModuleOptions } from "../module";
import { deletePlace, getPlace, getWeather, savePlace } from "./weather.service";
import { keeperOf } from "../../access/access";
import { createPlaceSearch } from "./place-search.service";

/**
 * `GET /api/weather` (open to all: a forecast for a location, cached 15 minutes per rounded
 * location), `GET /api/weather/places` (open to all: towns by name, to choose a place without
 * knowing its coordinates) and the signed-in keeper's saved place under `/api/weather/place`.
 */
export async function weatherRoutes(app: FastifyInstance, opts: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const baseUrl = opts.config.weatherBaseUrl;
  const places = createPlaceSearch(opts.config.geocodingBaseUrl);

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
    "/api/weather/places",
    {
      schema: { querystring: placeSearchQuery, response: { 200: placeSearchResponse } },
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (req, reply) => {
      const found = await places.search(req.query);
      reply.header("cache-control", "public, max-age=86400");
      return { places: found };
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
