import { lazy, Suspense } from "react";
import { PageHeader } from "@/components/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

// Each tool is its own chunk, loaded when its tab is first opened.
const HealthScanner = lazy(() =>
  import("@/features/health-scanner/components/health-scanner").then((m) => ({
    default: m.HealthScanner,
  })),
);
const SymptomChecker = lazy(() =>
  import("@/features/symptoms/components/symptom-checker").then((m) => ({
    default: m.SymptomChecker,
  })),
);
const DroppingsAnalyzer = lazy(() =>
  import("@/features/droppings/components/droppings-analyzer").then((m) => ({
    default: m.DroppingsAnalyzer,
  })),
);

const BreedIdentifier = lazy(() =>
  import("@/features/breed-id/components/breed-identifier").then((m) => ({
    default: m.BreedIdentifier,
  })),
);

const loading = <p className="py-8 text-center text-stone-700">Loading tool...</p>;

/**
 * AI Diagnostic Suite: the photo health scanner, symptom checker, droppings analyser and breed
 * identifier together, each loaded lazily.
 */
export default function AiDiagnosticSuitePage() {
  return (
    <div>
      <PageHeader
        title="AI Diagnostic Suite"
        description="All the photo and symptom tools in one place. For information only: not a substitute for a veterinarian."
      />
      <Tabs defaultValue="scanner">
        <TabsList aria-label="Diagnostic tools">
          <TabsTrigger value="scanner">AI Health Scanner</TabsTrigger>
          <TabsTrigger value="symptoms">Symptom Checker</TabsTrigger>
          <TabsTrigger value="feces">Feces Analyzer</TabsTrigger>
          <TabsTrigger value="breed">Breed ID</TabsTrigger>
        </TabsList>
        <Suspense fallback={loading}>
          <TabsContent value="scanner">
            <HealthScanner />
          </TabsContent>
          <TabsContent value="symptoms">
            <SymptomChecker />
          </TabsContent>
          <TabsContent value="feces">
            <DroppingsAnalyzer />
          </TabsContent>
          <TabsContent value="breed">
            <BreedIdentifier />
          </TabsContent>
        </Suspense>
      </Tabs>
    </div>
  );
}
