import { Bird, Egg, HeartPulse, X } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import type { Chicken } from "@flockkeeper/shared/schemas/chicken";
import { PageHeader } from "@/components/page-header";
import { SignInPrompt } from "@/components/sign-in-prompt";
import { Button } from "@/components/ui/button";
import { LazyAdSlot, LazyPremiumAffiliateAd } from "@/features/ads/components/lazy-ad-slot";
import { Card } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useAuth } from "@/lib/auth";
import { useEggStats } from "@/features/eggs/api/egg-records";
import { useChickens } from "@/lib/chickens";

// The breed identifier (and its camera code) loads only when the Breed ID tab opens.
const BreedIdentifier = lazy(() =>
  import("@/features/breed-id/components/breed-identifier").then((m) => ({
    default: m.BreedIdentifier,
  })),
);
// A signed-out visitor sees sign-in prompts, so the keeper's tools (forms, dialogs, charts) load
// only once someone is signed in, and each tab's code only when that tab opens.
const ChickenList = lazy(() =>
  import("@/features/flock/components/chicken-list").then((m) => ({ default: m.ChickenList })),
);
const FlocksSection = lazy(() =>
  import("@/features/flocks/components/flocks-section").then((m) => ({
    default: m.FlocksSection,
  })),
);
const TreatmentsPanel = lazy(() =>
  import("@/features/treatments/components/treatments-panel").then((m) => ({
    default: m.TreatmentsPanel,
  })),
);
const BirdHealthButton = lazy(() =>
  import("@/features/treatments/components/bird-health").then((m) => ({
    default: m.BirdHealthButton,
  })),
);
const DailyBaskets = lazy(() =>
  import("@/features/flocks/components/daily-baskets").then((m) => ({
    default: m.DailyBaskets,
  })),
);
const HatchCountdown = lazy(() =>
  import("@/features/hatch/components/hatch-countdown").then((m) => ({
    default: m.HatchCountdown,
  })),
);
const EggTracking = lazy(() =>
  import("@/features/eggs/components/egg-tracking").then((m) => ({ default: m.EggTracking })),
);
const EggAnalytics = lazy(() =>
  import("@/features/eggs/components/egg-analytics").then((m) => ({ default: m.EggAnalytics })),
);
const HatchSuccessChart = lazy(() =>
  import("@/features/hatch/components/hatch-success-chart").then((m) => ({
    default: m.HatchSuccessChart,
  })),
);

type Tab = "flock" | "breed-id" | "eggs" | "analytics";
const TRACKED_KEY = "fk-tracked-bird";

/** /chicken-tracker (Flock Manager): birds, hatches, eggs and charts for the signed-in keeper. */
export default function ChickenTrackerPage() {
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const [tab, setTab] = useState<Tab>("flock");
  // "Record a treatment" from a symptom-checker result: /chicken-tracker?treat=1&reason=&conditionId=
  const [search, setSearch] = useSearchParams();
  const treatPrefill =
    search.get("treat") === "1"
      ? {
          reason: search.get("reason") ?? undefined,
          conditionId: search.get("conditionId") ?? undefined,
          conditionName: search.get("conditionName") ?? undefined,
          chickenId: search.get("chickenId") ?? undefined,
        }
      : null;
  const prefillUsed = useCallback(
    () =>
      setSearch(
        (s) => {
          for (const k of ["treat", "reason", "conditionId", "conditionName", "chickenId"])
            s.delete(k);
          return s;
        },
        { replace: true },
      ),
    [setSearch],
  );
  const [flockTab, setFlockTab] = useState("birds");
  // No storage while prerendering; nothing shows for it until the keeper's birds load anyway.
  const [trackedId, setTrackedId] = useState<string | null>(() =>
    typeof sessionStorage === "undefined" ? null : sessionStorage.getItem(TRACKED_KEY),
  );
  const tabsRef = useRef<HTMLDivElement>(null);
  const chickens = useChickens(isAuthenticated);
  const birds = chickens.data ?? [];
  const tracked = birds.find((c) => c.id === trackedId) ?? null;
  const stats = useEggStats(null, isAuthenticated);

  // A link from Today opens the tab where the task is done (`?tab=eggs`, `?tab=hatching`); read
  // after the first render, so the prerendered page hydrates as it was rendered.
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get("tab");
    if (wanted === "eggs") setTab("eggs");
    if (wanted === "hatching") {
      setTab("flock");
      setFlockTab("hatch");
    }
  }, []);
  useEffect(() => {
    if (trackedId) sessionStorage.setItem(TRACKED_KEY, trackedId);
    else sessionStorage.removeItem(TRACKED_KEY);
  }, [trackedId]);
  // A tracked bird that was removed is no longer tracked.
  useEffect(() => {
    if (chickens.data && trackedId && !chickens.data.some((c) => c.id === trackedId))
      setTrackedId(null);
  }, [chickens.data, trackedId]);

  const goTo = (next: Tab) => {
    setTab(next);
    requestAnimationFrame(() =>
      tabsRef.current?.scrollIntoView({ behavior: "smooth", block: "start" }),
    );
  };
  const track = (c: Chicken) => {
    setTrackedId(c.id);
    goTo("eggs");
  };

  // Birds that died or left (an outcome) stay under Past birds but are not counted as the flock.
  const living = birds.filter((c) => !c.outcome);
  const needsAttention = living.filter((c) => c.healthStatus !== "healthy").length;
  const summary = [
    {
      tab: "flock" as const,
      icon: Bird,
      title: "Flock management",
      value: isAuthenticated
        ? `${living.length} ${living.length === 1 ? "bird" : "birds"}`
        : "Your birds",
      hint: "Profiles, photos and hatches",
    },
    {
      tab: "eggs" as const,
      icon: Egg,
      title: "Egg production",
      value: isAuthenticated && stats.data ? `${stats.data.eggsToday} today` : "Egg records",
      hint:
        isAuthenticated && stats.data
          ? `${stats.data.eggsLast30Days} in the last 30 days`
          : "Daily counts and lay rate",
    },
    {
      tab: "flock" as const,
      icon: HeartPulse,
      title: "Health records",
      value: isAuthenticated ? `${living.length - needsAttention} healthy` : "Bird health",
      hint: isAuthenticated
        ? `${needsAttention} sick, recovering or monitored`
        : "Health status of each bird",
    },
  ];

  const privateContent = (content: React.ReactNode) =>
    authLoading ? (
      <p className="text-stone-700">Loading...</p>
    ) : isAuthenticated ? (
      <Suspense fallback={<p className="text-stone-700">Loading...</p>}>{content}</Suspense>
    ) : (
      <SignInPrompt />
    );

  return (
    <>
      <PageHeader
        title="Flock Manager"
        description="Bird profiles, egg tracking and hatch countdowns for chickens, ducks, geese, turkeys, guinea fowl and quail."
      />
      <LazyAdSlot position="banner" intervalMs={10_000} className="mb-4" />
      <div className="grid gap-3 sm:grid-cols-3">
        {summary.map((s) => (
          <button
            key={s.title}
            type="button"
            onClick={() => goTo(s.tab)}
            className="rounded-xl text-left focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            data-track={`Summary ${s.title}`}
          >
            <Card className="h-full hover:border-amber-400">
              <div className="flex items-center gap-2 text-amber-800">
                <s.icon size={20} aria-hidden />
                <span className="font-semibold">{s.title}</span>
              </div>
              <p className="mt-1 text-2xl font-extrabold text-stone-900">{s.value}</p>
              <p className="text-sm text-stone-700">{s.hint}</p>
            </Card>
          </button>
        ))}
      </div>

      {tracked && (
        <div
          className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3"
          role="status"
        >
          <span className="font-semibold text-amber-950">Currently tracking: {tracked.name}</span>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setTrackedId(null)}
            data-track="Clear Tracking"
          >
            <X size={16} aria-hidden /> Clear Selection
          </Button>
        </div>
      )}

      <div ref={tabsRef} className="mt-6 scroll-mt-20">
        <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
          <TabsList aria-label="Flock Manager sections">
            <TabsTrigger value="flock">My Flock</TabsTrigger>
            <TabsTrigger value="breed-id">Breed ID</TabsTrigger>
            <TabsTrigger value="eggs">Egg Tracking</TabsTrigger>
            <TabsTrigger value="analytics">Analytics</TabsTrigger>
          </TabsList>

          <TabsContent value="flock">
            {privateContent(
              <Tabs value={flockTab} onValueChange={setFlockTab}>
                <TabsList aria-label="My Flock sections" className="w-fit">
                  <TabsTrigger value="birds">My Chickens</TabsTrigger>
                  <TabsTrigger value="hatch">Hatch Countdown</TabsTrigger>
                </TabsList>
                <TabsContent value="birds">
                  <FlocksSection />
                  <TreatmentsPanel
                    className="mb-6"
                    prefill={treatPrefill}
                    onPrefillUsed={prefillUsed}
                  />
                  <ChickenList
                    chickens={birds}
                    isLoading={chickens.isLoading}
                    error={chickens.error}
                    trackedId={trackedId}
                    onTrack={track}
                    healthAction={(c) => (
                      <Suspense fallback={null}>
                        <BirdHealthButton bird={c} />
                      </Suspense>
                    )}
                  />
                </TabsContent>
                <TabsContent value="hatch">
                  <HatchCountdown />
                </TabsContent>
              </Tabs>,
            )}
          </TabsContent>

          <TabsContent value="breed-id">
            {tab === "breed-id" && (
              <Suspense fallback={<p className="text-stone-600">Loading Breed ID…</p>}>
                <BreedIdentifier />
              </Suspense>
            )}
          </TabsContent>

          <TabsContent value="eggs">
            {privateContent(
              <>
                <DailyBaskets />
                <EggTracking chickens={birds} tracked={tracked} />
              </>,
            )}
            <LazyPremiumAffiliateAd />
          </TabsContent>

          <TabsContent value="analytics">
            {privateContent(
              <div className="space-y-4">
                <EggAnalytics chickens={birds} tracked={tracked} />
                <HatchSuccessChart />
              </div>,
            )}
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}
