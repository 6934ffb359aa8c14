/**
 * Several documents share one page, so heading ids get the document id as a prefix (no two ids on
 * the page collide) and headings move down `shift` levels to sit under the page's own headings.
 */
export function nestHtml(html: string, docId: string, shift = 0): string {
  const moved =
    shift === 0
      ? html
      : html.replace(
          /<(\/?)h([1-5])\b/g,
          (_m, close: string, level: string) => `<${close}h${Math.min(6, Number(level) + shift)}`,
        );
  return moved.replace(/<h(\d) id="/g, `<h$1 id="${docId}-`);
}
