import { createContext, useContext, useEffect } from "react";

const SITE = "FlockKeeper";

export type PageMeta = { title: string; description?: string };

/** The document title for a page title ("Blog" -> "Blog | FlockKeeper"). */
export const documentTitle = (title: string) => (title === SITE ? SITE : `${title} | ${SITE}`);

/**
 * Set only by the build-time prerender (src/prerender.tsx): it collects the page's title and
 * description during rendering so they are written into the prerendered HTML's head.
 */
export const PageMetaCollector = createContext<((meta: PageMeta) => void) | null>(null);

/** Sets the document title and meta description for the current route. */
export function usePageMeta({ title, description }: PageMeta) {
  const collect = useContext(PageMetaCollector);
  collect?.({ title, description });
  useEffect(() => {
    document.title = documentTitle(title);
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement("meta");
        meta.name = "description";
        document.head.appendChild(meta);
      }
      meta.content = description;
      document
        .querySelector<HTMLMetaElement>('meta[property="og:title"]')
        ?.setAttribute("content", title);
      document
        .querySelector<HTMLMetaElement>('meta[property="og:description"]')
        ?.setAttribute("content", description);
    }
  }, [title, description]);
}
