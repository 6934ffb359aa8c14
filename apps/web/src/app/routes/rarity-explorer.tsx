import { PageHeader } from "@/components/page-header";
import { RarityExplorer } from "@/features/rarity/components/rarity-explorer";

/** Rarity Explorer (/rarity-explorer): every breed's rarity score, searchable and filterable. */
export default function RarityExplorerPage() {
  return (
    <>
      <PageHeader
        title="Rarity Explorer"
        description="How rare is your breed? Scores from 0 to 100 are based on conservation lists from The Livestock Conservancy, the Rare Breeds Survival Trust and the FAO."
      />
      <RarityExplorer />
    </>
  );
}
