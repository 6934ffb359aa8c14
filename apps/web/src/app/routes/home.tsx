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

/**
 * Home (/): install prompt, top ad banner, shortcut grid, bottom ad banner (reversed order),
 * marketing copy with live figures, disclaimer bar.
 */
export default function HomePage() {
  const stats = useStats();
  return (
    <>
      <PageMeta
        title="FlockKeeper"
        description="Flock records, egg and hatch tracking, health checks, food safety and care guides for chickens, ducks, geese, turkeys, guinea fowl and quail. Free to start."
      />
      <InstallPromptCard />
      <HomeAd />
      <div className="mb-2">
        <h1 className="text-2xl font-extrabold text-stone-900 sm:text-3xl">{home.headline}</h1>
        <p className="mt-2 max-w-3xl text-stone-800">{home.subheadline}</p>
      </div>
      <HomeShortcuts socialUrl={stats.data?.socialUrl ?? DEFAULT_SOCIAL_URL} />
      <HomeAd reverse />
      <Benefits />
      <LiveStats stats={stats.data} />
      <DisclaimerBar />
    </>
  );
}
