/**
 * Build-time prerendering of the public pages.
 *
 * After the browser build, this plugin bundles src/prerender.tsx for Node (a second, SSR Vite
 * build with only the plugins React code needs), renders each page below to HTML and writes it
 * into the built index.html as `dist/prerendered/<name>.html` (`index.html` for `/`), with the
 * page's own <title> and description and modulepreload links for the page's chunk. The server
 * (apps/server/src/plugins/web-app.ts) sends that file for its path; main.tsx hydrates it.
 *
 * What the first paint needs arrives in the HTML itself (see `paintFromHtml`): the CSS rules the
 * page's markup uses are inlined (beasties); the scripts, which only hydrate what is already shown,
 * and the whole stylesheet (main.tsx applies it as it hydrates; navigations and dialogs wait for
 * it, lib/stylesheet.ts) are loaded right after the first paint, so they never take a slow
 * network's bandwidth or connections from it.
 *
 * Pages are rendered in their signed-out, nothing-fetched-yet state: no user, no live figures,
 * no ads. Those arrive in the browser after hydration. `dist/index.html` stays the empty shell
 * used for every other path and by the service worker.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import Beasties from "beasties";
import { build, type Plugin, type ResolvedConfig } from "vite";
// A relative path: Vite loads its config with Node, which cannot import the workspace package's .ts
// files by package name (they are not bundled then).
import { bootScriptTag } from "../../../packages/shared/src/site/boot-script.ts";
import { PRERENDERED_PATHS, ROUTES } from "../../../packages/shared/src/site/routes.ts";
import type { render as renderPage } from "../src/prerender";
import { markdownPlugin } from "./markdown-plugin.ts";

/** File under dist with the app's route patterns (read by apps/server/src/plugins/web-app.ts). */
export const APP_ROUTES_FILE = "routes.json";

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

const escapeAttr = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** The page chunk of `pathname` and every chunk it imports statically, as files under dist. */
function pageChunks(manifest: Manifest, pathname: string): { js: string[]; css: string[] } {
  const route = ROUTES.find((r) => r.path === pathname);
  if (!route) throw new Error(`prerender: ${pathname} is not a route`);
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach(visit);
  };
  visit(`src/app/routes/${route.file}.tsx`);
  return { js: [...js], css: [...css] };
}

/**
 * Makes a prerendered page paint from its HTML alone: inlines the CSS rules its markup uses, and
 * replaces the module script, its modulepreload links and the whole stylesheet's link with the
 * loader (packages/shared/src/site/boot-script.ts), which adds them right after the first paint
 * (the stylesheet non-blocking, `media="print"`, switched to all media by main.tsx). The noscript
 * copy of the stylesheet applies it without JavaScript.
 */
export async function paintFromHtml(beasties: Pick<Beasties, "process">, page: string) {
  // beasties' "media" mode writes an inline onload handler, which the CSP refuses; the loader
  // writes the link instead, with the attribute main.tsx looks for.
  let out = await beasties.process(page);
  const css =
    /<link rel="stylesheet" crossorigin href="([^"]+)" media="print" onload="this.media='all'">/;
  const cssHref = css.exec(out)?.[1];
  if (!out.includes("<style>") || !cssHref) {
    throw new Error("prerender: the critical CSS was not inlined as expected");
  }
  out = out.replace(css, "");
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const entryHref = entry.exec(out)?.[1];
  if (!entryHref) throw new Error("prerender: no module script in the page");
  const preload: string[] = [];
  out = out.replace(
    /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g,
    (_, href: string) => {
      preload.push(href);
      return "";
    },
  );
  return out.replace(entry, () => bootScriptTag({ entry: entryHref, preload, css: cssHref }));
}

export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "flockkeeper:prerender",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      order: "post",
      async handler() {
        if (config.build.ssr) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        const ssrDir = path.resolve(config.root, "node_modules/.cache/fk-prerender");
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: "warn",
          plugins: [markdownPlugin(), react()],
          resolve: { alias: config.resolve.alias },
          ssr: { noExternal: ["@flockkeeper/shared"] },
          build: {
            ssr: "src/prerender.tsx",
            outDir: ssrDir,
            emptyOutDir: true,
            target: "node20",
            rollupOptions: { output: { entryFileNames: "prerender.mjs" } },
          },
        });
        try {
          const entry = pathToFileURL(path.join(ssrDir, "prerender.mjs")).href;
          // No cache-busting query: the page chunks import this same URL and must share its module.
          const { render } = (await import(entry)) as { render: typeof renderPage };
          const template = await readFile(path.join(outDir, "index.html"), "utf8");
          const manifest = JSON.parse(
            await readFile(path.join(outDir, ".vite/manifest.json"), "utf8"),
          ) as Manifest;
          if (!template.includes('<div id="root"></div>')) {
            throw new Error('prerender: index.html has no empty <div id="root"></div>');
          }
          // The route table for the server, which answers 404 (with the app, which shows its
          // not-found page) for a path no route matches. The catch-all is left out.
          await writeFile(
            path.join(outDir, APP_ROUTES_FILE),
            JSON.stringify(ROUTES.map((r) => r.path).filter((p) => p !== "*")),
          );
          await mkdir(path.join(outDir, "prerendered"), { recursive: true });
          const beasties = new Beasties({
            path: outDir,
            publicPath: "/",
            preload: "media",
            noscriptFallback: true,
            pruneSource: false,
            reduceInlineStyles: false,
            // Selectors beasties cannot match against the page, kept always (a few dozen short
            // rules): Tailwind's space-y-* and divide-y-* (`:where(.space-y-3>:not(:last-child))`,
            // whose whole `:where(...)` it drops) and arbitrary variants (`.\[\&_p\]\:my-3 p`,
            // which its selector parser refuses).
            allowRules: [/^:where\(/, /\\&/],
            logLevel: "warn",
          });
          for (const pathname of PRERENDERED_PATHS) {
            const { html, meta } = await render(pathname);
            if (!meta) throw new Error(`prerender: ${pathname} sets no page title`);
            const title = meta.title === "FlockKeeper" ? meta.title : `${meta.title} | FlockKeeper`;
            let page = template
              .replace("<title>FlockKeeper</title>", `<title>${escapeText(title)}</title>`)
              .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
            // The same tags, in the same order, as lib/page-meta.tsx renders, so hydration keeps them.
            const tags = [`<meta property="og:title" content="${escapeAttr(meta.title)}">`];
            if (meta.description) {
              const d = escapeAttr(meta.description);
              tags.push(`<meta name="description" content="${d}">`);
              tags.push(`<meta property="og:description" content="${d}">`);
            }
            const chunks = pageChunks(manifest, pathname);
            const links = [
              ...chunks.js
                .filter((f) => !template.includes(`/${f}"`))
                .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
              ...chunks.css
                .filter((f) => !template.includes(`/${f}"`))
                .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
            ];
            page = page.replace(
              "</head>",
              () => `    ${[...tags, ...links].join("\n    ")}\n  </head>`,
            );
            const name = pathname === "/" ? "index" : pathname.slice(1);
            await writeFile(
              path.join(outDir, "prerendered", `${name}.html`),
              await paintFromHtml(beasties, page),
            );
          }
        } finally {
          await rm(ssrDir, { recursive: true, force: true });
        }
      },
    },
  };
}
