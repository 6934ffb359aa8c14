import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import { cn } from "@/lib/cn";

/**
 * Shows HTML rendered at build time from our own Markdown (vite/markdown-plugin.ts: raw HTML in the
 * Markdown is escaped there, so this HTML is trusted). Links to other pages of the app navigate
 * inside the app instead of reloading the page.
 */
export function MarkdownContent({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
      return;
    const a = (e.target as HTMLElement).closest("a");
    if (!a || a.target) return;
    const href = a.getAttribute("href") ?? "";
    if (!href.startsWith("/") || href.startsWith("//") || href.startsWith("/api/")) return;
    e.preventDefault();
    void navigate(href);
  };
  return (
    // The click handler only upgrades ordinary links (Enter on a link fires click too).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegated link clicks; the links themselves are the controls
    <div
      onClick={onClick}
      className={cn(
        "max-w-3xl text-stone-800 leading-relaxed",
        "[&_h2]:mt-8 [&_h2]:scroll-mt-20 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-stone-900",
        "[&_h3]:mt-6 [&_h3]:scroll-mt-20 [&_h3]:text-lg [&_h3]:font-bold [&_h3]:text-stone-900",
        "[&_h4]:mt-4 [&_h4]:font-bold",
        "[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6",
        "[&_li]:my-1 [&_a]:text-blue-800 [&_a]:underline [&_strong]:font-semibold [&_strong]:text-stone-900",
        "[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-amber-400 [&_blockquote]:pl-4 [&_blockquote]:italic",
        "[&_table]:my-4 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm [&_th]:border [&_th]:border-stone-300 [&_th]:bg-amber-50 [&_th]:p-2 [&_th]:text-left [&_td]:border [&_td]:border-stone-300 [&_td]:p-2",
        "[&_hr]:my-6 [&_hr]:border-stone-200 [&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1",
        className,
      )}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
