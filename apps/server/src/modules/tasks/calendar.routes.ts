import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ModuleOptions } from "../module";
import { keeperOf } from "../../access/access";
import { calendarFeed, calendarUrl, revokeCalendar } from "./calendar.service";

const calendarUrlResponse = z.object({ url: z.url() });
/** `{token}.ics`: the token is checked by the service (an unknown one answers 404). */
const feedParams = z.object({
  file: z
    .string()
    .max(100, { message: "A calendar address ends in .ics" })
    .regex(/\.ics$/, { message: "A calendar address ends in .ics" }),
});

/**
 * The private calendar feed (issue 22): `GET /api/calendar` answers `{url}` (made on first use),
 * `DELETE /api/calendar` revokes it, and `/api/calendar/{token}.ics` serves the feed as
 * `text/calendar` to a calendar app (no cookie: the token is the key).
 */
export async function calendarRoutes(app: FastifyInstance, opts: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicUrl = opts.config.publicUrl.replace(/\/$/, "");

  r.get(
    "/api/calendar",
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: { response: { 200: calendarUrlResponse } },
    },
    async (req) => calendarUrl(app.db, keeperOf(req), publicUrl),
  );

  r.delete(
    "/api/calendar",
    {
      onRequest: app.requireUser,
      // Every member has their own feed, helpers too.
      config: { permission: "farm.read", rateLimit: { max: 60, timeWindow: "1 minute" } },
    },
    async (req, reply) => {
      await revokeCalendar(app.db, keeperOf(req));
      return reply.code(204).send();
    },
  );

  r.get(
    "/api/calendar/:file",
    {
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: { params: feedParams },
    },
    async (req, reply) => {
      const text = await calendarFeed(app.db, req.params.file.slice(0, -4), publicUrl);
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("cache-control", "private, max-age=300")
        .send(text);
    },
  );
}
