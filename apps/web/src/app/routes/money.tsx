import { lazy, Suspense } from "react";
import { PageHeader } from "@/components/page-header";
import { SignInPrompt } from "@/components/sign-in-prompt";
import { useAuth } from "@/lib/auth";

// The money view, its forms and the schema library load once someone is signed in.
const MoneyView = lazy(() =>
  import("@/features/money/components/money-view").then((m) => ({ default: m.MoneyView })),
);

/** /money: what the flock costs and earns (issue 20 items 6-8); owners and keepers only. */
export default function MoneyPage() {
  const { user, isLoading } = useAuth();
  const loading = <p className="text-stone-700">Loading…</p>;
  return (
    <>
      <PageHeader
        title="Money"
        description="What your flock costs and earns: income, expenses, net and the cost of a dozen eggs."
      />
      {isLoading ? (
        loading
      ) : !user ? (
        <SignInPrompt message="Sign in to record sales and costs and see what a dozen eggs costs you." />
      ) : (
        <Suspense fallback={loading}>
          <MoneyView />
        </Suspense>
      )}
    </>
  );
}
