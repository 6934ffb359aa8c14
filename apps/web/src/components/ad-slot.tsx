// The one sanctioned way for pages to show ads: features import ad slots from here, not from
// features/ads, so features never import each other.
export { AdSlot, type AdSlotProps } from "@/features/ads/components/ad-slot";
export {
  AffiliateBlocks,
  AffiliateCard,
  PremiumAffiliateAd,
} from "@/features/ads/components/affiliate-blocks";
export { AdImage } from "@/features/ads/components/ad-card";
