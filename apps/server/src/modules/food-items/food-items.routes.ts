import type { FastifyInstance } from "fastify";
import {
  bulkSearchBody,
  bulkSearchResponse,
  foodItem,
  foodSearchQuery,
  foodSuggestionList,
  foodSuggestionsQuery,
} from "@flockkeeper/shared/schemas/food-search";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { getKnowledge } from "../../knowledge/index";
import { bulkSearchFoods, searchFood, suggestFoods } from "./food-items.service";

/** Can My Flock Eat This?: `GET /api/food-items/search`, `POST /api/food-items/bulk-search`, suggestions. */
export async function foodItemsRoutes(app: FastifyInstance) {
  // Load and validate the datasets at start-up, not on the first keeper's request.
  getKnowledge();
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Lookups are answered from memory in well under a millisecond and touch no database, so
  // they are not rate limited (suggestions fire on every keystroke). Bulk search is.

  r.get(
    "/api/food-items/search",
    { schema: { querystring: foodSearchQuery, response: { 200: foodItem } } },
    async (req) => searchFood(req.query.name),
  );

  r.get(
    "/api/food-items/suggestions",
    {
      schema: { querystring: foodSuggestionsQuery, response: { 200: foodSuggestionList } },
    },
    async (req) => suggestFoods(req.query.q),
  );

  r.post(
    "/api/food-items/bulk-search",
    {
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      bodyLimit: 64 * 1024,
      schema: { body: bulkSearchBody, response: { 200: bulkSearchResponse } },
    },
    async (req) => bulkSearchFoods(req.body.names),
  );
}
