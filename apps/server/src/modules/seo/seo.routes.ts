import type { FastifyInstance } from "fastify";
import type { ModuleOptions } from "../module";
import { buildRobots, buildSitemap, readBlogEntries } from "./seo.service";

/** `GET /sitemap.xml` (every public route and blog article) and `GET /robots.txt`. */
export async function seoRoutes(app: FastifyInstance, opts: ModuleOptions) {
  const { publicUrl } = opts.config;
  const sitemap = buildSitemap(publicUrl, readBlogEntries());
  const robots = buildRobots(publicUrl);
  app.get("/sitemap.xml", (_req, reply) =>
    reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(sitemap),
  );
  app.get("/robots.txt", (_req, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(robots),
  );
}
