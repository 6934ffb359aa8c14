import { BreedIdentifier } from "@/features/breed-id/components/breed-identifier";
import { PageHeader } from "@/components/page-header";
import { AnalysisHistory } from "@/features/analyses/components/analysis-history";

/** Breed Identifier: photo or camera, breed with confidence and rarity, add to flock. */
export default function ChickenIdentifierPage() {
  return (
    <div>
      <PageHeader
        title="Breed Identifier"
        description="Identify a bird's breed from a photo, see how rare it is, and add it to your flock."
      />
      <BreedIdentifier />
      <AnalysisHistory kind="breed" title="Your identified birds" />
    </div>
  );
}
