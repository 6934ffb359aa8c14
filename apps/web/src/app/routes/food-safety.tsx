import { LazyAdSlot } from "@/features/ads/components/lazy-ad-slot";
import { PageHeader } from "@/components/page-header";
import { FoodSafetyChecker } from "@/features/food-safety/components/food-safety-checker";

const ADS = "Feed & Supplements";

/** Can My Flock Eat This? (/food-safety): food and plant safety lookup between two ad slots. */
export default function FoodSafetyPage() {
  return (
    <div className="space-y-6">
      <LazyAdSlot category={ADS} position="banner" />
      <PageHeader
        title="Can My Flock Eat This?"
        description="Check whether a food, treat or plant is safe for chickens, ducks and other poultry. Typos and plurals are fine."
      />
      <FoodSafetyChecker />
      <p className="text-sm text-stone-700">
        This guide is educational and not a substitute for a veterinarian. If a bird has eaten
        something harmful, call a vet who treats poultry.
      </p>
      <LazyAdSlot category={ADS} position="banner" />
    </div>
  );
}
