import { lazy, Suspense } from "react";
import type { AdSlotProps } from "./ad-slot";

// Ads bring their own data, validation (zod) and carousel code: they load after the page has
// painted, so a page's first render stays light. With no active ads the slot takes no space.
const AdSlotImpl = lazy(() => import("./ad-slot").then((m) => ({ default: m.AdSlot })));
const PremiumImpl = lazy(() =>
  import("./ad-slot").then((m) => ({ default: m.PremiumAffiliateAd })),
);

/** `AdSlot` from `@/components/ad-slot`, loaded on demand. */
export function LazyAdSlot(props: AdSlotProps) {
  return (
    <Suspense fallback={null}>
      <AdSlotImpl {...props} />
    </Suspense>
  );
}

/** `PremiumAffiliateAd` from `@/components/ad-slot`, loaded on demand. */
export function LazyPremiumAffiliateAd() {
  return (
    <Suspense fallback={null}>
      <PremiumImpl />
    </Suspense>
  );
}
