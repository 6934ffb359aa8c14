import { cn } from "@/lib/cn";

/** A grey block standing in for text or a card while it loads (pulses unless motion is reduced). */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={cn("block animate-pulse rounded-control bg-surface-muted", className)}
    />
  );
}

/**
 * What a page shows while its code downloads on a slow phone: the shape of a page (a heading, an
 * intro, two cards) instead of a bare "Loading…", with the same words for screen readers.
 */
export function PageSkeleton({ label = "Loading page…" }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="space-y-4" data-testid="page-skeleton">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-9 w-2/3 max-w-md" />
      <Skeleton className="h-5 w-full max-w-2xl" />
      <Skeleton className="h-5 w-4/5 max-w-xl" />
      <div className="grid gap-3 sm:grid-cols-2">
        <Skeleton className="h-32 rounded-card" />
        <Skeleton className="h-32 rounded-card" />
      </div>
    </div>
  );
}

/** A list's stand-in while its records load: `rows` grey lines the height of a record. */
export function ListSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <div role="status" className="space-y-2">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}
