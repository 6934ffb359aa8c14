import type { FastifyInstance } from "fastify";
import { sendJsonText } from "../../lib/response-serializer";
import {
  bulkSearchBody,
  bulkSearchResponse,
  foodItem,
  foodSearchQuery,
  foodSuggestionList,
  foodSuggestionsQuery,
} from "@flockkeeper/shared/schemas/food-search";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { LRUCache } from "lru-cache";
import { bulkSearchFoods, searchFood, suggestFoods } from "./food-items.service";

/** Distinct lookups kept as ready answers (a few MB at most). */
const MAX_CACHED_ANSWERS = 2_000;

/** Can My Flock Eat This?: `GET /api/food-items/search`, `POST /api/food-items/bulk-search`, suggestions. */
export async function foodItemsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Lookups are answered from memory in well under a millisecond and touch no database, so
  // they are not rate limited (suggestions fire on every keystroke). Bulk search is.

  // The datasets never change while the server runs: an answer, once validated and serialised, is
  // kept as JSON text for the next keeper who asks the same (serialising a whole record through
  // its schema was most of a lookup's time).
  const answers = new LRUCache<string, string>({ max: MAX_CACHED_ANSWERS });
  r.get(
    "/api/food-items/search",
    { schema: { querystring: foodSearchQuery, response: { 200: foodItem } } },
    async (req, reply) => {
      const name = req.query.name;
      let json = answers.get(name);
      if (json === undefined) {
        json = JSON.stringify(foodItem.parse(searchFood(name)));
        answers.set(name, json);
      }
      // Already the JSON of a foodItem.
      return sendJsonText(reply, json);
    },
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
