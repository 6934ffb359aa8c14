import { useEffect } from "react";

const SITE = "FlockKeeper";

/** Sets the document title and meta description for the current route. */
export function usePageMeta({ title, description }: { title: string; description?: string }) {
  useEffect(() => {
    document.title = title === SITE ? SITE : `${title} | ${SITE}`;
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
