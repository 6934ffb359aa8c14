import { lazy, Suspense, useState, type ReactNode } from "react";
import { AlertTriangle, Brain } from "lucide-react";
import { isUrgentSeverity } from "@flockkeeper/shared/domain/production";
import {
  DEFAULT_PRODUCTION_PERIOD,
  PRODUCTION_PERIODS,
} from "@flockkeeper/shared/domain/production-periods";
import { Button } from "@/components/ui/button";
import { Label, Select } from "@/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDiseaseAlerts, useGeneratePredictions } from "../api/production";
import { LoadingPanel } from "@/components/loading-panel";
import { OverviewTab } from "./overview-tab";

// Only the default Overview tab is needed for the first paint; the others load when opened.
const DataEntryTab = lazy(() =>
  import("./data-entry-tab").then((m) => ({ default: m.DataEntryTab })),
);
const HealthTab = lazy(() => import("./health-tab").then((m) => ({ default: m.HealthTab })));
const AnalysisTab = lazy(() => import("./analysis-tab").then((m) => ({ default: m.AnalysisTab })));
const InsightsTab = lazy(() => import("./insights-tab").then((m) => ({ default: m.InsightsTab })));

function Deferred({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingPanel label="Loading this section…" />}>{children}</Suspense>;
}

/** The Production Hub for a signed-in keeper: period selector, AI Health Check, alerts, tabs. */
export function ProductionDashboard() {
  const [period, setPeriod] = useState<number>(DEFAULT_PRODUCTION_PERIOD);
  const [tab, setTab] = useState("overview");
  const alerts = useDiseaseAlerts();
  const generate = useGeneratePredictions();
  const urgent = (alerts.data ?? []).filter((a) => isUrgentSeverity(a.severity));

  const runHealthCheck = async () => {
    try {
      const res = await generate.mutateAsync();
      toast({
        title: "Health check complete",
        description: `Risk assessed for ${res.generated} bird${res.generated === 1 ? "" : "s"} from your records.`,
        variant: "success",
      });
      setTab("insights");
    } catch (err) {
      toast({
        title: "Failed to generate health predictions",
        description: errorMessage(err),
        variant: "destructive",
      });
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <Label htmlFor="pd-period">Period</Label>
          <Select
            id="pd-period"
            className="w-40"
            value={period}
            onChange={(e) => setPeriod(Number(e.target.value))}
          >
            {PRODUCTION_PERIODS.map((p) => (
              <option key={p} value={p}>
                Last {p} days
              </option>
            ))}
          </Select>
        </div>
        <Button onClick={runHealthCheck} disabled={generate.isPending} data-track="AI Health Check">
          <Brain size={18} aria-hidden />
          {generate.isPending ? "Checking…" : "AI Health Check"}
        </Button>
      </div>

      {urgent.length > 0 && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-xl border border-red-400 bg-red-50 p-4 text-red-950"
        >
          <AlertTriangle className="mt-0.5 shrink-0 text-red-700" aria-hidden />
          <div>
            <p className="font-bold">
              {urgent.length === 1
                ? "1 urgent alert needs your attention"
                : `${urgent.length} urgent alerts need your attention`}
            </p>
            <ul className="mt-1 list-disc pl-5 text-sm">
              {urgent.map((a) => (
                <li key={a.id}>{a.title}</li>
              ))}
            </ul>
            <button
              type="button"
              className="mt-2 text-sm font-semibold underline"
              onClick={() => setTab("health")}
            >
              Review in Health Monitoring
            </button>
          </div>
        </div>
      )}

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Production dashboard sections">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="entry">Data Entry</TabsTrigger>
          <TabsTrigger value="health">Health Monitoring</TabsTrigger>
          <TabsTrigger value="analysis">Production Analysis</TabsTrigger>
          <TabsTrigger value="insights">AI Insights</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab period={period} />
        </TabsContent>
        <TabsContent value="entry">
          <Deferred>
            <DataEntryTab period={period} />
          </Deferred>
        </TabsContent>
        <TabsContent value="health">
          <Deferred>
            <HealthTab period={period} alerts={alerts} />
          </Deferred>
        </TabsContent>
        <TabsContent value="analysis">
          <Deferred>
            <AnalysisTab period={period} />
          </Deferred>
        </TabsContent>
        <TabsContent value="insights">
          <Deferred>
            <InsightsTab />
          </Deferred>
        </TabsContent>
      </Tabs>
    </div>
  );
}
