import { lazy, Suspense, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { isPoultrySpecies } from "@flockkeeper/shared/domain/species-labels";
import { LazyAdSlot } from "@/features/ads/components/lazy-ad-slot";
import { LoadingPanel } from "@/components/loading-panel";
import { PageHeader } from "@/components/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AnalysisHistory } from "@/features/analyses/components/analysis-history";
import { HealthScanner } from "@/features/health-scanner/components/health-scanner";

// The AI Health Scanner is the default tab; the other two load when opened.
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

const MedicationsList = lazy(() =>
  import("@/features/medications/components/medications-list").then((m) => ({
    default: m.MedicationsList,
  })),
);

function Deferred({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingPanel label="Loading this tool…" />}>{children}</Suspense>;
}

/**
 * Flock Health Center: AI Health Scanner (default), Symptom Checker, Feces Analyzer and the
 * Medications list (withdrawal periods, not dosing advice; `?tab=medications`).
 */
export default function HealthDiagnosticPage() {
  // A bird's card opens the Symptom Checker with ?tab=symptoms&species=…&ageWeeks=…&bird=…
  const [params] = useSearchParams();
  const speciesParam = params.get("species");
  const species = isPoultrySpecies(speciesParam) ? speciesParam : undefined;
  const weeks = Number(params.get("ageWeeks"));
  const ageWeeks =
    params.get("ageWeeks") !== null && Number.isInteger(weeks) && weeks >= 0 && weeks <= 1500
      ? weeks
      : undefined;
  const birdName = params.get("bird")?.slice(0, 60) || undefined;
  const tabParam = params.get("tab");
  const tab = tabParam === "symptoms" || tabParam === "medications" ? tabParam : "scanner";
  return (
    <div>
      <LazyAdSlot category="Health Products" position="banner" />
      <PageHeader
        title="Flock Health Center"
        description="Photo health scanner, symptom checker and droppings analyser. For information only: not a substitute for a veterinarian."
      />
      <Tabs defaultValue={tab}>
        <TabsList aria-label="Health tools">
          <TabsTrigger value="scanner">AI Health Scanner</TabsTrigger>
          <TabsTrigger value="symptoms">Symptom Checker</TabsTrigger>
          <TabsTrigger value="feces">Feces Analyzer</TabsTrigger>
          <TabsTrigger value="medications">Medications</TabsTrigger>
        </TabsList>
        <TabsContent value="scanner">
          <HealthScanner />
          <AnalysisHistory kind="health" title="Your health scan history" />
        </TabsContent>
        <TabsContent value="symptoms">
          <Deferred>
            <SymptomChecker
              {...(species ? { initialSpecies: species } : {})}
              {...(ageWeeks !== undefined ? { initialAgeWeeks: ageWeeks } : {})}
              {...(birdName ? { birdName } : {})}
            />
          </Deferred>
        </TabsContent>
        <TabsContent value="feces">
          <Deferred>
            <DroppingsAnalyzer />
            <AnalysisHistory kind="droppings" title="Your droppings history" />
          </Deferred>
        </TabsContent>
        <TabsContent value="medications">
          <Deferred>
            <MedicationsList />
          </Deferred>
        </TabsContent>
      </Tabs>
      <LazyAdSlot category="Health Products" position="banner" />
    </div>
  );
}
