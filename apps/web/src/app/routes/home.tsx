import { Suspense } from "react";
import { InstallPromptCard } from "@/components/install-prompt";
import { LazyAdSlot } from "@/features/ads/components/lazy-ad-slot";
import { PageMeta } from "@/lib/page-meta";
import home from "@/content/home.json";
import { useStats } from "@/features/marketing/api/stats";
import { HomeShortcuts } from "@/features/marketing/components/home-shortcuts";
import { LiveStats } from "@/features/marketing/components/live-stats";
import { Benefits } from "@/features/marketing/components/benefits";
import { DisclaimerBar } from "@/features/disclaimer/components/disclaimer-bar";

const DEFAULT_SOCIAL_URL = "https://www.facebook.com/";

// Ads load after the page has painted (they bring their own data and validation code), so the
// home page's first render stays light. With no active ads the slots take no space.
function HomeAd({ reverse = false }: { reverse?: boolean }) {
  return <LazyAdSlot position="banner" reverse={reverse} />;
}

// Each reads the live figures itself, so when they arrive (after hydration) only these two
// re-render, not the whole page: every re-render on a slow phone is main-thread time.
function Shortcuts() {
  const { data } = useStats();
  return <HomeShortcuts socialUrl={data?.socialUrl ?? DEFAULT_SOCIAL_URL} />;
}

function Stats() {
  const { data } = useStats();
  return <LiveStats stats={data} />;
}

/**
 * Home (/): install prompt, top ad banner, shortcut grid, bottom ad banner (reversed order),
 * marketing copy with live figures, disclaimer bar.
 */
export default function HomePage() {
  return (
    <>
      <PageMeta
        title="FlockKeeper"
        description="Flock records, egg and hatch tracking, health checks, food safety and care guides for chickens, ducks, geese, turkeys, guinea fowl and quail. Free to start."
      />
      <InstallPromptCard />
      <HomeAd />
      {/* The hero: a warm picture of the yard beside the headline. A static SVG (2 KB) with its
          size set, so it costs no script and never shifts the page. On a phone it is the page's
          largest paint, so it is fetched first (high priority) and painted as soon as it arrives. */}
      <section
        aria-labelledby="home-title"
        className="mb-2 grid items-center gap-4 overflow-hidden rounded-card bg-accent-soft p-4 sm:p-6 md:grid-cols-[1fr_minmax(0,24rem)]"
      >
        <div>
          <h1 id="home-title" className="text-display font-extrabold text-accent-ink">
            {home.headline}
          </h1>
          <p className="mt-3 max-w-3xl text-lead text-ink">{home.subheadline}</p>
        </div>
        <img
          src="/hero.svg"
          width={480}
          height={300}
          alt=""
          fetchPriority="high"
          className="h-auto w-full max-w-md justify-self-center rounded-card"
        />
      </section>
      {/* Each boundary hydrates in a pass of its own after the part above it (React's selective
          hydration; a click inside one hydrates it first). Nothing here suspends: the boundaries
          only split one long hydration, commit and effects run into short tasks on a slow phone. */}
      <Suspense fallback={null}>
        <Shortcuts />
      </Suspense>
      <Suspense fallback={null}>
        <HomeAd reverse />
        <Benefits />
      </Suspense>
      <Suspense fallback={null}>
        <Stats />
        <DisclaimerBar />
      </Suspense>
    </>
  );
}
