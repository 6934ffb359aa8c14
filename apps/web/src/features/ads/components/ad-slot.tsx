import { useState } from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { cn } from "@/lib/cn";
import { useAdvertisements } from "../api/get-advertisements";
import { AD_CARD_HEIGHT, AdBoxPlaceholder } from "./ad-box";
import { AdCard } from "./ad-card";
import { useRotation } from "./use-rotation";

/** Spec section 9: carousel 8 s; sidebar at most 3; 3 ads per block usually, 6 in a banner. */
export const AD_ROTATION_MS = 8_000;
export const SIDEBAR_MAX = 3;
const DEFAULT_LIMIT = { banner: 6, inline: 3, sidebar: SIDEBAR_MAX } as const;

export type AdSlotProps = {
  /** A page's display category ('Feed & Supplements', 'Health Products') or an admin category ('feed'); all ads when omitted. */
  category?: string;
  /** banner: full-width carousel; inline: carousel inside content; sidebar: a stack of up to 3. */
  position?: "banner" | "inline" | "sidebar";
  /** Ads in this block (default 6 banner, 3 inline, 3 sidebar; sidebar never more than 3). */
  limit?: number;
  /** Carousel interval (default 8 s; the flock manager's banner uses 10 s). */
  intervalMs?: number;
  /** Show the ads in reverse order (the home page's bottom banner). */
  reverse?: boolean;
  className?: string;
  /**
   * Inside `LazyAdSlot`'s fixed box (banner and inline): without ads the box keeps the category's
   * placeholder rather than collapsing, and the carousel always keeps its row of dots' height.
   */
  boxed?: boolean;
};

/**
 * An advertising slot. Active ads of the category rotate every 8 s (arrows and dots when more than
 * one; paused while the tab is hidden, on hover or focus, or with reduced motion). Clicks are
 * recorded through `data-track`. With no ads it renders nothing and takes no space, except in
 * `LazyAdSlot`'s fixed box (`boxed`), where the category's placeholder holds the box's height.
 */
export function AdSlot({
  category,
  position = "banner",
  limit,
  intervalMs = AD_ROTATION_MS,
  reverse = false,
  className,
  boxed = false,
}: AdSlotProps) {
  const { data } = useAdvertisements(category);
  const max =
    position === "sidebar"
      ? Math.min(limit ?? SIDEBAR_MAX, SIDEBAR_MAX)
      : (limit ?? DEFAULT_LIMIT[position]);
  const ads = (reverse ? [...(data ?? [])].reverse() : (data ?? [])).slice(0, Math.max(0, max));
  const [paused, setPaused] = useState(false);
  const rotation = useRotation(position === "sidebar" ? 0 : ads.length, intervalMs, paused);

  if (ads.length === 0) {
    if (!boxed || position === "sidebar") return null;
    return <AdBoxPlaceholder category={category} loading={data === undefined} />;
  }

  if (position === "sidebar") {
    return (
      <aside
        aria-label="Advertisements"
        className={cn("flex flex-col gap-3", className)}
        data-testid="ad-slot"
      >
        {ads.map((ad) => (
          <AdCard key={ad.id} ad={ad} layout="stack" />
        ))}
      </aside>
    );
  }

  const current = ads[rotation.index]!;
  const many = ads.length > 1;
  return (
    <section
      aria-label="Advertisement"
      aria-roledescription="carousel"
      className={cn(!boxed && (position === "banner" ? "my-4" : "my-3"), className)}
      data-testid="ad-slot"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="flex items-center gap-2">
        {many && (
          <button
            type="button"
            onClick={rotation.prev}
            aria-label="Previous advertisement"
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 focus-visible:outline-3 focus-visible:outline-blue-700"
          >
            <ChevronLeft size={20} aria-hidden />
          </button>
        )}
        <div
          className={cn("min-w-0 flex-1", boxed && AD_CARD_HEIGHT)}
          aria-live={rotation.running ? "off" : "polite"}
          aria-roledescription="slide"
          aria-label={many ? `${rotation.index + 1} of ${ads.length}` : undefined}
        >
          <AdCard key={current.id} ad={current} fill={boxed} />
        </div>
        {many && (
          <button
            type="button"
            onClick={rotation.next}
            aria-label="Next advertisement"
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 focus-visible:outline-3 focus-visible:outline-blue-700"
          >
            <ChevronRight size={20} aria-hidden />
          </button>
        )}
      </div>
      {many && (
        <div className="mt-1 flex justify-center gap-1">
          {ads.map((ad, i) => (
            <button
              key={ad.id}
              type="button"
              onClick={() => rotation.go(i)}
              aria-label={`Show advertisement ${i + 1}`}
              aria-current={i === rotation.index}
              className="flex h-6 w-6 items-center justify-center focus-visible:outline-3 focus-visible:outline-blue-700"
            >
              <span
                className={cn(
                  "block h-2.5 w-2.5 rounded-full",
                  i === rotation.index ? "bg-amber-700" : "bg-stone-300",
                )}
              />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
