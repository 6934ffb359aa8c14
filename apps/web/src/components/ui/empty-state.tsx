import type { ReactNode } from "react";
import type { PoultrySpecies } from "@flockkeeper/shared/schemas/species";
import { cn } from "@/lib/cn";
import { SpeciesArt } from "./species-art";

/**
 * What an empty list shows (issue 25 item 10): a picture, what the list is for, and the first
 * action. `action` is a Button or a link styled with `buttonClass`.
 */
export function EmptyState({
  title,
  children,
  action,
  species = "chicken",
  headingLevel = 3,
  className,
}: {
  title: string;
  /** One or two sentences: what this list holds and why a keeper would fill it. */
  children: ReactNode;
  action?: ReactNode;
  species?: PoultrySpecies;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      data-testid="empty-state"
      className={cn(
        "flex flex-col items-center gap-3 rounded-card border border-dashed border-line-strong bg-surface px-4 py-8 text-center",
        className,
      )}
    >
      <SpeciesArt species={species} size={72} />
      <Heading className="text-title font-bold text-ink">{title}</Heading>
      <div className="max-w-prose text-body text-ink-muted">{children}</div>
      {action && <div className="flex flex-wrap justify-center gap-2">{action}</div>}
    </div>
  );
}
