import { lazy, Suspense } from "react";
import { PageHeader } from "@/components/page-header";
import { SignInPrompt } from "@/components/sign-in-prompt";
import { useAuth } from "@/lib/auth";

// What a signed-in keeper sees (forms, the schema library, re-authentication) loads once the page
// knows someone is signed in: none of it is in the page's first-paint JavaScript.
const SignedInFarm = lazy(() =>
  Promise.all([
    import("@/features/account/components/reauth-provider"),
    import("@/features/farms/components/farm-settings"),
  ]).then(([{ ReauthProvider }, { FarmSettings }]) => ({
    default: () => (
      <ReauthProvider>
        <FarmSettings />
      </ReauthProvider>
    ),
  })),
);

/**
 * /farm: the farm in use, its members and invitations, a new farm, deleting it. Deleting asks
 * "Confirm it's you" through the account's re-authentication, which this route places around it.
 */
export default function FarmPage() {
  const { user, isLoading } = useAuth();
  const loading = <p className="text-stone-700">Loading…</p>;
  return (
    <>
      <PageHeader
        title="Your farm"
        description="Who keeps this flock with you, and what each of them may do."
      />
      {isLoading ? (
        loading
      ) : !user ? (
        <SignInPrompt message="Sign in to see your farm and its members." />
      ) : (
        <Suspense fallback={loading}>
          <SignedInFarm />
        </Suspense>
      )}
    </>
  );
}
