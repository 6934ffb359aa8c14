import { AlertTriangle } from "lucide-react";
import { eggGuardText, meatWarningText } from "@flockkeeper/shared/domain/treatment";
import { cn } from "@/lib/cn";

/**
 * The eggs guard (issue 20): "Eggs from Coop A not for eating until 3 Dec", wherever eggs are logged
 * or counted. `until` is the bird's or flock's `eggsWithheldUntil` (nothing shows when null).
 */
export function EggGuard({
  name,
  until,
  today,
  className,
}: {
  name: string;
  until: string | null | undefined;
  today?: string;
  className?: string;
}) {
  if (!until) return null;
  return (
    <p
      className={cn(
        "flex items-start gap-1.5 rounded-md border border-amber-400 bg-amber-50 px-2 py-1 text-sm font-semibold text-amber-950",
        className,
      )}
      data-testid="egg-guard"
    >
      <AlertTriangle size={16} aria-hidden className="mt-0.5 shrink-0" />
      <span>{eggGuardText(name, until, today)}</span>
    </p>
  );
}

/** The meat warning on a slaughter or sale: "Meat withdrawal ends 10 Dec" (a warning, not a block). */
export function MeatWarning({
  until,
  today,
  className,
}: {
  until: string | null | undefined;
  today?: string;
  className?: string;
}) {
  if (!until) return null;
  return (
    <p
      role="status"
      className={cn(
        "flex items-start gap-1.5 rounded-md border border-amber-400 bg-amber-50 px-2 py-1 text-sm font-semibold text-amber-950",
        className,
      )}
      data-testid="meat-warning"
    >
      <AlertTriangle size={16} aria-hidden className="mt-0.5 shrink-0" />
      <span>{meatWarningText(until, today)}</span>
    </p>
  );
}
