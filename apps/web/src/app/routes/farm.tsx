import { PageHeader } from "@/components/page-header";
import { SignInPrompt } from "@/components/sign-in-prompt";
import { ReauthProvider } from "@/features/account/components/reauth-provider";
import { FarmSettings } from "@/features/farms/components/farm-settings";
import { useAuth } from "@/lib/auth";

/**
 * /farm: the farm in use, its members and invitations, a new farm, deleting it. Deleting asks
 * "Confirm it's you" through the account's re-authentication, which this route places around it.
 */
export default function FarmPage() {
  const { user, isLoading } = useAuth();
  return (
    <>
      <PageHeader
        title="Your farm"
        description="Who keeps this flock with you, and what each of them may do."
      />
      {isLoading ? (
        <p className="text-stone-700">Loading…</p>
      ) : !user ? (
        <SignInPrompt message="Sign in to see your farm and its members." />
      ) : (
        <ReauthProvider>
          <FarmSettings />
        </ReauthProvider>
      )}
    </>
  );
}
