import { PageHeader } from "@/components/page-header";
import { SignInPrompt } from "@/components/sign-in-prompt";
import { DataCard } from "@/features/account/components/data-card";
import { DeleteAccountCard } from "@/features/account/components/delete-account-card";
import { ProfileCard } from "@/features/account/components/profile-card";
import { ReauthProvider } from "@/features/account/components/reauth-provider";
import { SecurityCard } from "@/features/account/components/security-card";
import { SessionsCard } from "@/features/account/components/sessions-card";
import { SettingsCard } from "@/features/account/components/settings-card";
import { SignInsCard } from "@/features/account/components/sign-ins-card";
import { useAuth } from "@/lib/auth";

/**
 * Your account: profile, settings, sign-in security (passkeys, password, recovery codes), your data
 * (export, import), sessions, recent sign-ins and deletion; risky actions ask "Confirm it's you".
 */
export default function AccountPage() {
  const { user, isLoading } = useAuth();
  return (
    <>
      <PageHeader title="Your account" description="Your profile, settings and data." />
      {isLoading ? (
        <p className="text-stone-700">Loading…</p>
      ) : !user ? (
        <SignInPrompt message="Sign in to see your account, settings and data." />
      ) : (
        <ReauthProvider>
          <div className="grid gap-4">
            <ProfileCard user={user} />
            <SettingsCard />
            <SecurityCard />
            <DataCard />
            <SessionsCard />
            <SignInsCard />
            <DeleteAccountCard email={user.email} />
          </div>
        </ReauthProvider>
      )}
    </>
  );
}
