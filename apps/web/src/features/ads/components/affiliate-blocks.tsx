import { useEffect, useState } from "react";
import { ExternalLink } from "lucide-react";
import type { AffiliateBlock, AffiliateBlockCategory } from "@flockkeeper/shared/schemas/affiliate";
import { isHttpUrl } from "@flockkeeper/shared/domain/links";
import { trackClick } from "@/lib/track-click";
import { cn } from "@/lib/cn";
import { useAffiliateBlocks } from "../api/get-affiliate-blocks";
import { useRotation } from "./use-rotation";

/** Spec section 9: a random premium ad every 15 s. */
export const PREMIUM_ROTATION_MS = 15_000;

function onAffiliateClick(block: AffiliateBlock) {
  trackClick({
    elementName: "affiliate_click",
    elementType: "affiliate",
    elementId: block.id,
    page: window.location.pathname,
    metadata: { partner: block.partner, ad_title: block.title, value: 1 },
  });
}

/** One affiliate block: opens the partner in a new tab and records 'affiliate_click'. */
export function AffiliateCard({ block, className }: { block: AffiliateBlock; className?: string }) {
  const link = isHttpUrl(block.link) ? block.link : "#";
  return (
    <a
      href={link}
      target="_blank"
      rel="noopener sponsored"
      onClick={() => onAffiliateClick(block)}
      className={cn(
        "flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-3 hover:border-amber-400 focus-visible:outline-3 focus-visible:outline-blue-700",
        className,
      )}
    >
      {block.emoji && (
        <span className="text-3xl leading-none" aria-hidden>
          {block.emoji}
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="block text-xs font-semibold tracking-wide text-stone-600 uppercase">
          Partner · {block.partner}
        </span>
        <span className="block font-bold text-stone-900">{block.title}</span>
        {block.description && (
          <span className="block text-sm text-stone-700">{block.description}</span>
        )}
        <span className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-amber-800">
          Visit <ExternalLink size={14} aria-hidden />
        </span>
      </span>
    </a>
  );
}

/** Affiliate blocks of active partners (per-block count configurable); nothing when there are none. */
export function AffiliateBlocks({
  category,
  limit = 3,
  className,
}: {
  category?: AffiliateBlockCategory;
  limit?: number;
  className?: string;
}) {
  const { data } = useAffiliateBlocks(category);
  const blocks = (data ?? []).slice(0, limit);
  if (blocks.length === 0) return null;
  return (
    <aside
      aria-label="Partner offers"
      className={cn("grid gap-3 sm:grid-cols-2 lg:grid-cols-3", className)}
    >
      {blocks.map((b) => (
        <AffiliateCard key={b.id} block={b} />
      ))}
    </aside>
  );
}

/** A premium partner offer, a random one every 15 s (paused like the carousel). */
export function PremiumAffiliateAd({ className }: { className?: string }) {
  const { data } = useAffiliateBlocks();
  const premium = (data ?? []).filter((b) => b.value === "premium");
  const rotation = useRotation(premium.length, PREMIUM_ROTATION_MS);
  const [pick, setPick] = useState(0);
  // Each tick of the rotation draws a random premium offer, as the prototype did.
  useEffect(() => {
    if (premium.length > 1) setPick(Math.floor(Math.random() * premium.length));
  }, [rotation.index, premium.length]);
  if (premium.length === 0) return null;
  return <AffiliateCard block={premium[pick % premium.length]!} className={className} />;
}
