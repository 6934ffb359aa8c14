import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { invalidUrlBody, MAX_PARAM_LENGTH } from "../lib/errors";

const SERVER_PAGES_CSS = `body{font-family:system-ui,sans-serif;background:#fffbeb;color:#1c1917;margin:0}
main{max-width:26rem;margin:3rem auto;padding:1.5rem;background:#fff;border-radius:1rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem;color:#78350f}label{display:block;font-weight:600;margin-top:1rem}
input{width:100%;box-sizing:border-box;padding:.7rem;font-size:1rem;border:1px solid #a8a29e;border-radius:.5rem;margin-top:.3rem}
button{margin-top:1.2rem;width:100%;padding:.8rem;font-size:1rem;font-weight:600;background:#b45309;color:#fff;border:0;border-radius:.5rem;cursor:pointer}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.error{color:#991b1b;background:#fee2e2;padding:.6rem;border-radius:.5rem}.small{font-size:.85rem;color:#57534e}a{color:#1d4ed8}
@media (max-width:480px){main{margin:0;border-radius:0;box-shadow:none;min-height:100vh;box-sizing:border-box}}
.brand{font-weight:700;color:#b45309;margin:0 0 .5rem}
button.secondary,a.button{display:block;box-sizing:border-box;text-align:center;text-decoration:none;margin-top:1rem;width:100%;padding:.8rem;font-size:1rem;font-weight:600;border-radius:.5rem}
button.secondary{background:#fff;color:#78350f;border:2px solid #b45309}a.button{background:#b45309;color:#fff}
button[hidden]{display:none}button:disabled{opacity:.6;cursor:wait}
.links{display:flex;flex-direction:column;gap:.6rem;margin-top:1.2rem}
.codes{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:.4rem;padding:0;list-style:none}
.codes code{display:block;padding:.4rem;background:#fef3c7;border-radius:.4rem;text-align:center;font-size:1rem}`;

/** Folder of the build holding the prerendered public pages (see apps/web/vite/prerender-plugin.ts). */
export const PRERENDERED_DIR = "prerendered";

/**
 * The prerendered pages of a build: URL path -> file under `dist`. `index.html` is `/`, any other
 * `<name>.html` is `/<name>`. Read once at start-up: a build never changes under a running server.
 */
export function prerenderedPages(dist: string): Map<string, string> {
  const pages = new Map<string, string>();
  const dir = path.join(dist, PRERENDERED_DIR);
  if (!fs.existsSync(dir)) return pages;
  for (const file of fs.readdirSync(dir)) {
    const m = /^([a-z0-9-]+)\.html$/.exec(file);
    if (!m) continue;
    pages.set(m[1] === "index" ? "/" : `/${m[1]}`, `${PRERENDERED_DIR}/${file}`);
  }
  return pages;
}

/**
 * The web app's route patterns (`dist/routes.json`, written by the build: "/blog/:slug" style,
 * without the catch-all) as a test for a path; null when the build has no such file (every path
 * then gets the app with 200, as before). A `:param` segment matches one segment, which
 * `knownParam` may refuse (a blog slug with no article).
 */
export function appRouteMatcher(
  dist: string,
  knownParam: (name: string, value: string) => boolean = () => true,
): ((pathname: string) => boolean) | null {
  let patterns: string[];
  try {
    patterns = JSON.parse(fs.readFileSync(path.join(dist, "routes.json"), "utf8")) as string[];
  } catch {
    return null;
  }
  const compiled = patterns.map((p) => p.split("/").filter(Boolean));
  return (pathname) => {
    let segments: string[];
    try {
      segments = pathname.split("/").filter(Boolean).map(decodeURIComponent);
    } catch {
      return false; // malformed %-escape: no page has that address
    }
    return compiled.some(
      (pattern) =>
        pattern.length === segments.length &&
        pattern.every((part, i) =>
          part.startsWith(":") ? knownParam(part.slice(1), segments[i]!) : part === segments[i],
        ),
    );
  };
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated. A page
 * prerendered at build time is sent as its own HTML (content arrives before the JavaScript); any
 * other non-API path gets index.html so client-side routes work; a path that no route of the app
 * matches gets it with status 404 (the app shows its not-found page; crawlers and link checkers
 * see the status). Files the
 * build precompressed (.br, .gz) are sent compressed when the browser accepts that encoding.
 */
export default fp(async function webAppPlugin(
  app: FastifyInstance,
  opts: { webDist: string | null; knownParam?: (name: string, value: string) => boolean },
) {
  app.get("/server-pages.css", (_req, reply) =>
    reply.type("text/css").header("cache-control", "public, max-age=3600").send(SERVER_PAGES_CSS),
  );

  const dist = opts.webDist;
  const indexPath = dist ? path.join(dist, "index.html") : null;
  const hasWeb = indexPath !== null && fs.existsSync(indexPath);
  const pages = hasWeb ? prerenderedPages(dist!) : new Map<string, string>();
  const isAppPath = hasWeb ? appRouteMatcher(dist!, opts.knownParam) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist!,
      // One wildcard route that looks the file up per request, not a route per file: listing the
      // build (about 500 files, each as GET and HEAD) cost a good part of every start-up (issue 17
      // item 9). A path with no file falls through to the not-found handler below, as before.
      wildcard: true,
      // The build's own bookkeeping (.vite/manifest.json) is not served; the file list never had it.
      dotfiles: "ignore",
      // Every file of the build has an extension; a path without one ("/", "/blog", "/assets") is
      // a page for the not-found handler below, never a folder to refuse with 403.
      allowedPath: (pathname) => path.posix.extname(pathname) !== "",
      index: false,
      preCompressed: true,
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
    // An API path whose parameter is longer than the router takes missed its route and came
    // through the build's catch-all file route: the same short 400 as the router gives.
    const pathOnly = req.url.split("?")[0]!;
    if (
      pathOnly.startsWith("/api/") &&
      pathOnly.split("/").some((segment) => segment.length > MAX_PARAM_LENGTH)
    ) {
      return reply.code(400).header("x-content-type-options", "nosniff").send(invalidUrlBody(true));
    }
    if (req.url.startsWith("/api/") || req.method !== "GET" || !hasWeb) {
      return reply.code(404).send({
        statusCode: 404,
        code: "NOT_FOUND",
        message: `No route for ${req.method} ${req.url.split("?")[0]}`,
      });
    }
    const pathname = req.url.split("?")[0]!;
    const page = pages.get(pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);
    const status = page || !isAppPath || isAppPath(pathname) ? 200 : 404;
    return reply
      .code(status)
      .header("cache-control", "no-cache")
      .type("text/html")
      .sendFile(page ?? "index.html");
  });
});
