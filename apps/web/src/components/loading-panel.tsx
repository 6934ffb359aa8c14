import { cn } from "@/lib/cn";

/**
 * The sized stand-in shown while a deferred (lazily loaded) part of a page downloads: it reserves the
 * part's height so nothing shifts, and says what is loading to screen readers and sighted users.
 */
export function LoadingPanel({
  label = "Loading…",
  className,
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      className={cn(
        "flex min-h-48 items-center justify-center rounded-xl border border-dashed border-stone-300 p-4 text-sm text-stone-600",
        className,
      )}
    >
      {label}
    </div>
  );
}
