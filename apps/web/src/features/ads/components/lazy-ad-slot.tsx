import { lazy, Suspense } from "react";
import { useShownAfterMount } from "@/lib/hydration";
import { cn } from "@/lib/cn";
import type { AdSlotProps } from "./ad-slot";
import { AD_BOX_CLASS, AdBoxPlaceholder } from "./ad-box";

// Ads bring their own data, validation (zod) and carousel code: they load after the page has
// painted, so a page's first render stays light. A banner or inline slot holds its box from the
// first paint (the prerendered HTML has it too), so nothing moves when the ads arrive
// (Lighthouse's layout shift); the sidebar has no box and takes no space without ads. They are
// rendered in a transition after the slot has mounted, so their code loads and renders outside
// the task that hydrates the page.
const AdSlotImpl = lazy(() => import("./ad-slot").then((m) => ({ default: m.AdSlot })));
const PremiumImpl = lazy(() =>
  import("./affiliate-blocks").then((m) => ({ default: m.PremiumAffiliateAd })),
);

/** `AdSlot` (./ad-slot), loaded on demand; banner and inline slots keep their box while loading. */
export function LazyAdSlot({ className, ...props }: AdSlotProps) {
  const shown = useShownAfterMount();
  if ((props.position ?? "banner") === "sidebar") {
    if (!shown) return null;
    return (
      <Suspense fallback={null}>
        <AdSlotImpl {...props} {...(className ? { className } : {})} />
      </Suspense>
    );
  }
  const loading = <AdBoxPlaceholder category={props.category} loading />;
  return (
    <div
      className={cn(AD_BOX_CLASS, props.position === "inline" ? "my-3" : "my-4", className)}
      data-testid="ad-box"
    >
      {shown ? (
        <Suspense fallback={loading}>
          <AdSlotImpl {...props} boxed />
        </Suspense>
      ) : (
        loading
      )}
    </div>
  );
}

/** `PremiumAffiliateAd` (./affiliate-blocks), loaded on demand. */
export function LazyPremiumAffiliateAd() {
  if (!useShownAfterMount()) return null;
  return (
    <Suspense fallback={null}>
      <PremiumImpl />
    </Suspense>
  );
}
