import { lazy, Suspense } from "react";
import { useHydrated } from "@/lib/hydration";
import type { AdSlotProps } from "./ad-slot";

// Ads bring their own data, validation (zod) and carousel code: they load after the page has
// painted, so a page's first render stays light. With no active ads the slot takes no space.
// Prerendered pages get no slot in their HTML: it starts loading once the page has hydrated.
const AdSlotImpl = lazy(() => import("./ad-slot").then((m) => ({ default: m.AdSlot })));
const PremiumImpl = lazy(() =>
  import("./affiliate-blocks").then((m) => ({ default: m.PremiumAffiliateAd })),
);

/** `AdSlot` (./ad-slot), loaded on demand. */
export function LazyAdSlot(props: AdSlotProps) {
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <AdSlotImpl {...props} />
    </Suspense>
  );
}

/** `PremiumAffiliateAd` (./affiliate-blocks), loaded on demand. */
export function LazyPremiumAffiliateAd() {
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <PremiumImpl />
    </Suspense>
  );
}
