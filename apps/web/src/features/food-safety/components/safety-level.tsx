import { AlertTriangle, CheckCircle2, XCircle } from "lucide-react";
import type { FoodSafetyLevel } from "@flockkeeper/shared/schemas/food";
import { cn } from "@/lib/cn";

/** Colour, icon and words for each safety level (colour is never the only signal). */
export const SAFETY_STYLES: Record<
  FoodSafetyLevel,
  { label: string; summary: string; Icon: typeof CheckCircle2; badge: string; panel: string }
> = {
  safe: {
    label: "Safe",
    summary: "Safe to feed in moderation",
    Icon: CheckCircle2,
    badge: "bg-green-100 text-green-900 border-green-600",
    panel: "border-green-600 bg-green-50",
  },
  caution: {
    label: "Caution",
    summary: "Feed with care: check the guidelines",
    Icon: AlertTriangle,
    badge: "bg-amber-100 text-amber-950 border-amber-600",
    panel: "border-amber-500 bg-amber-50",
  },
  toxic: {
    label: "Toxic",
    summary: "Do not feed: harmful to poultry",
    Icon: XCircle,
    badge: "bg-red-100 text-red-900 border-red-700",
    panel: "border-red-700 bg-red-50",
  },
};

/** A safety level as a coloured badge with its icon and word. */
export function SafetyBadge({ level, className }: { level: FoodSafetyLevel; className?: string }) {
  const s = SAFETY_STYLES[level];
  return (
    <span
      data-safety={level}
      className={cn(
        "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-sm font-bold",
        s.badge,
        className,
      )}
    >
      <s.Icon className="size-4" aria-hidden="true" />
      {s.label}
    </span>
  );
}
