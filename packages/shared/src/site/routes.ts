// The web app's route table: the one list of pages. The router renders it (apps/web/src/app/router.tsx),
// the build prerenders the entries marked `prerender`, the server's sitemap lists the public ones
// (apps/server/src/modules/seo), and the browser tests walk it (e2e/platform.spec.ts,
// e2e/design.spec.ts). It lives in packages/shared because the server reads it too, and
// the server may not import the web app. Paths are the spec's route table.

/** Who a page is for: anyone, a signed-in keeper (/account), or the admin behind the gate. */
export type RouteAccess = "public" | "keeper" | "admin";

export type RouteEntry = {
  /** React Router path pattern. */
  readonly path: string;
  /** The file under apps/web/src/app/routes/ that renders it (without `.tsx`). */
  readonly file: string;
  readonly access: RouteAccess;
  /** Rendered to HTML at build time (public pages whose first render needs no data). */
  readonly prerender?: boolean;
  /** Left out of the sitemap (a reference page for the people building the app, e.g. /design). */
  readonly noindex?: boolean;
};

export const ROUTES = [
  { path: "/", file: "home", access: "public", prerender: true },
  { path: "/features", file: "features", access: "public", prerender: true },
  { path: "/blog", file: "blog", access: "public", prerender: true },
  { path: "/blog/:slug", file: "blog-article", access: "public" },
  { path: "/competitors", file: "competitors", access: "public", prerender: true },
  { path: "/chicken-care-guide", file: "chicken-care-guide", access: "public" },
  { path: "/poultry-calculator", file: "poultry-calculator", access: "public" },
  { path: "/poultry-weather", file: "poultry-weather", access: "public" },
  { path: "/vaccination-tracker", file: "vaccination-tracker", access: "public" },
  { path: "/advanced-tools", file: "advanced-tools", access: "public" },
  { path: "/rarity-explorer", file: "rarity-explorer", access: "public" },
  { path: "/feces-analyzer", file: "feces-analyzer", access: "public" },
  { path: "/chicken-tracker", file: "chicken-tracker", access: "public", prerender: true },
  { path: "/chicken-identifier", file: "chicken-identifier", access: "public" },
  { path: "/production-dashboard", file: "production-dashboard", access: "public" },
  { path: "/food-safety", file: "food-safety", access: "public", prerender: true },
  { path: "/health-diagnostic", file: "health-diagnostic", access: "public" },
  { path: "/ai-diagnostic-suite", file: "ai-diagnostic-suite", access: "public" },
  { path: "/educational-resources", file: "educational-resources", access: "public" },
  { path: "/admin", file: "admin", access: "admin" },
  { path: "/admin/:tab", file: "admin", access: "admin" },
  { path: "/legal", file: "legal", access: "public", prerender: true },
  { path: "/account", file: "account", access: "keeper" },
  { path: "/farm", file: "farm", access: "keeper" },
  { path: "/money", file: "money", access: "keeper" },
  { path: "/today", file: "today", access: "keeper" },
  { path: "/invite/:token", file: "invite", access: "public", noindex: true },
  { path: "/design", file: "design", access: "public", noindex: true },
  { path: "*", file: "not-found", access: "public" },
] as const satisfies readonly RouteEntry[];

export type RouteFile = (typeof ROUTES)[number]["file"];

/** A path with no parameters and not the catch-all: one page you can open as written. */
export const isConcretePath = (path: string) => path !== "*" && !path.includes(":");

/** Every page you can open as written, in table order, optionally only those for `access`. */
export function concretePaths(...access: RouteAccess[]): string[] {
  return ROUTES.filter(
    (r) => isConcretePath(r.path) && (access.length === 0 || access.includes(r.access)),
  ).map((r) => r.path);
}

/** The public pages a search engine should know (the sitemap): not /admin, /account, /design or the catch-all. */
export const SITEMAP_PATHS: readonly string[] = concretePaths("public").filter(
  (path) => !ROUTES.some((r) => r.path === path && "noindex" in r && r.noindex),
);

/** The pages rendered to HTML at build time. */
export const PRERENDERED_PATHS: readonly string[] = ROUTES.filter(
  (r): r is Extract<(typeof ROUTES)[number], { prerender: true }> =>
    "prerender" in r && r.prerender,
).map((r) => r.path);
