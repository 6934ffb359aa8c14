import { LazyAdSlot } from "@/features/ads/components/lazy-ad-slot";
import { PageHeader } from "@/components/page-header";
import { AnalysisHistory } from "@/features/analyses/components/analysis-history";
import { DroppingsAnalyzer } from "@/features/droppings/components/droppings-analyzer";

/** AI Feces Health Analyzer (Poo Analyzer). */
export default function FecesAnalyzerPage() {
  return (
    <div>
      <LazyAdSlot category="Health Products" position="banner" />
      <PageHeader
        title="AI Feces Health Analyzer"
        description="Check your birds' droppings from a photo: colour, consistency and urate cap, with practical next steps."
      />
      <DroppingsAnalyzer />
      <AnalysisHistory kind="droppings" title="Your droppings history" />
      <LazyAdSlot category="Health Products" position="banner" />
    </div>
  );
}
