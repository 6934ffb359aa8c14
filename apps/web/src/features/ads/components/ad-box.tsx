import type { AdCategory } from "@flockkeeper/shared/schemas/advertisement";
import { AdImage } from "@/components/ad-image";
import { cn } from "@/lib/cn";

/**
 * The fixed box of a banner or inline ad slot: one card's height (`AD_CARD_HEIGHT`) plus the row
 * of carousel dots (with room for their focus outline). It is the same while the ads load, with one ad, with several and with none,
 * so an ad arriving, rotating or missing never moves the page.
 */
export const AD_BOX_CLASS = "h-[10.25rem]";
/** One ad card in a banner or inline slot (image, label, title, two lines, price or link). */
export const AD_CARD_HEIGHT = "h-[8.25rem]";

/** The admin categories a page's display category shows (the placeholder's icon and colour). */
function placeholderCategory(category: string | undefined): AdCategory {
  if (category === "Feed & Supplements") return "feed";
  if (category === "Health Products") return "health";
  const known: readonly string[] = ["feed", "equipment", "health", "housing", "services"];
  return category && known.includes(category) ? (category as AdCategory) : "other";
}

/**
 * What a slot's box shows before its ads arrive (`loading`, pulsing) and when there are none: the
 * designed placeholder of the slot's category, decorative only (the box keeps its height rather
 * than collapsing, which would move everything below it).
 */
export function AdBoxPlaceholder({
  category,
  loading = false,
}: {
  category?: string;
  loading?: boolean;
}) {
  return (
    <div
      aria-hidden
      data-testid={loading ? "ad-box-loading" : "ad-box-empty"}
      className={cn(
        AD_CARD_HEIGHT,
        "flex items-center gap-3 rounded-xl border border-dashed border-stone-200 p-3",
        loading && "animate-pulse",
      )}
    >
      <AdImage
        src={null}
        category={placeholderCategory(category)}
        className="h-20 w-20 shrink-0 rounded-lg opacity-70 sm:h-24 sm:w-24"
      />
    </div>
  );
}
