import { createContext, useContext } from "react";

const SITE = "FlockKeeper";

export type PageMeta = { title: string; description?: string };

/** The document title for a page title ("Blog" -> "Blog | FlockKeeper"). */
export const documentTitle = (title: string) => (title === SITE ? SITE : `${title} | ${SITE}`);

/**
 * Set only by the build-time prerender (src/prerender.tsx): it collects the page's title and
 * description during rendering, and vite/prerender-plugin.ts writes them into the page's head.
 */
export const PageMetaCollector = createContext<((meta: PageMeta) => void) | null>(null);

/**
 * The page's title and description, as React 19 document metadata: the `<title>` and `<meta>`
 * elements are hoisted into the document's head while the page is shown and removed when it is
 * left. In a prerender they are handed to the collector instead, which writes them into the head
 * of the HTML file (React then finds and keeps them when it hydrates).
 */
export function PageMeta({ title, description }: PageMeta) {
  const collect = useContext(PageMetaCollector);
  if (collect) {
    collect({ title, description });
    return null;
  }
  return (
    <>
      <title>{documentTitle(title)}</title>
      <meta property="og:title" content={title} />
      {description && <meta name="description" content={description} />}
      {description && <meta property="og:description" content={description} />}
    </>
  );
}
