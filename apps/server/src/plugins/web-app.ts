import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

const SERVER_PAGES_CSS = `body{font-family:system-ui,sans-serif;background:#fffbeb;color:#1c1917;margin:0}
main{max-width:26rem;margin:3rem auto;padding:1.5rem;background:#fff;border-radius:1rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem;color:#78350f}label{display:block;font-weight:600;margin-top:1rem}
input{width:100%;box-sizing:border-box;padding:.7rem;font-size:1rem;border:1px solid #a8a29e;border-radius:.5rem;margin-top:.3rem}
button{margin-top:1.2rem;width:100%;padding:.8rem;font-size:1rem;font-weight:600;background:#b45309;color:#fff;border:0;border-radius:.5rem;cursor:pointer}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.error{color:#991b1b;background:#fee2e2;padding:.6rem;border-radius:.5rem}.small{font-size:.85rem;color:#57534e}a{color:#1d4ed8}`;

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * and index.html for any non-API path so client-side routes (and the 404 page) work.
 */
export default fp(async function webAppPlugin(
  app: FastifyInstance,
  opts: { webDist: string | null },
) {
  app.get("/server-pages.css", (_req, reply) =>
    reply.type("text/css").header("cache-control", "public, max-age=3600").send(SERVER_PAGES_CSS),
  );

  const dist = opts.webDist;
  const indexPath = dist ? path.join(dist, "index.html") : null;
  const hasWeb = indexPath !== null && fs.existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist!,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const rel = path.relative(dist!, filePath);
        res.header(
          "cache-control",
          rel.startsWith("assets") ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith("/api/") || req.method !== "GET" || !hasWeb) {
      return reply.code(404).send({
        statusCode: 404,
        code: "NOT_FOUND",
        message: `No route for ${req.method} ${req.url.split("?")[0]}`,
      });
    }
    return reply.header("cache-control", "no-cache").type("text/html").sendFile("index.html");
  });
});
