import { lazy, Suspense } from "react";
import { PageHeader } from "@/components/page-header";
import { SignInPrompt } from "@/components/sign-in-prompt";
import { useAuth } from "@/lib/auth";

// The keeper's list loads once the page knows someone is signed in.
const TodayView = lazy(() =>
  import("@/features/today/components/today-view").then((m) => ({ default: m.TodayView })),
);

/** /today: the signed-in keeper's landing page: what needs doing on the farm in use today. */
export default function TodayPage() {
  const { user, isLoading } = useAuth();
  const loading = <p className="text-stone-700">Loading…</p>;
  return (
    <>
      <PageHeader
        title="Today"
        description="What needs doing on your farm today, and what is overdue."
      />
      {isLoading ? (
        loading
      ) : !user ? (
        <SignInPrompt message="Sign in to see what needs doing on your farm today." />
      ) : (
        <Suspense fallback={loading}>
          <TodayView />
        </Suspense>
      )}
    </>
  );
}
