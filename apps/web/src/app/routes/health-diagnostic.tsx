import { LazyAdSlot } from "@/components/lazy-ad-slot";
import { PageHeader } from "@/components/page-header";
import { SymptomChecker } from "@/components/symptom-checker";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AnalysisHistory } from "@/features/analyses/components/analysis-history";
import { DroppingsAnalyzer } from "@/features/droppings/components/droppings-analyzer";
import { HealthScanner } from "@/features/health-scanner/components/health-scanner";

/** Flock Health Center: AI Health Scanner (default), Symptom Checker and Feces Analyzer tabs. */
export default function HealthDiagnosticPage() {
  return (
    <div>
      <LazyAdSlot category="Health Products" position="banner" />
      <PageHeader
        title="Flock Health Center"
        description="Photo health scanner, symptom checker and droppings analyser. For information only: not a substitute for a veterinarian."
      />
      <Tabs defaultValue="scanner">
        <TabsList aria-label="Health tools">
          <TabsTrigger value="scanner">AI Health Scanner</TabsTrigger>
          <TabsTrigger value="symptoms">Symptom Checker</TabsTrigger>
          <TabsTrigger value="feces">Feces Analyzer</TabsTrigger>
        </TabsList>
        <TabsContent value="scanner">
          <HealthScanner />
          <AnalysisHistory kind="health" title="Your health scan history" />
        </TabsContent>
        <TabsContent value="symptoms">
          <SymptomChecker />
        </TabsContent>
        <TabsContent value="feces">
          <DroppingsAnalyzer />
          <AnalysisHistory kind="droppings" title="Your droppings history" />
        </TabsContent>
      </Tabs>
      <LazyAdSlot category="Health Products" position="banner" />
    </div>
  );
}
