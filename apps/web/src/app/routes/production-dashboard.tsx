import { PageHeader } from "@/components/page-header";
import { SignInPrompt } from "@/components/sign-in-prompt";
import { useAuth } from "@/lib/auth";
import { ProductionDashboard } from "@/features/production/components/production-dashboard";

/** Production Hub: feed, weight and coop records, summary, alerts and risk checks. */
export default function ProductionDashboardPage() {
  const { isAuthenticated, isLoading } = useAuth();
  return (
    <>
      <PageHeader
        title="Production Hub"
        description="Feed, weight and environment records with production summaries, alerts and health risk checks, computed from your own records."
      />
      {isLoading ? (
        <p className="text-stone-600">Loading…</p>
      ) : isAuthenticated ? (
        <ProductionDashboard />
      ) : (
        <SignInPrompt message="Please log in to access production dashboard" />
      )}
    </>
  );
}
