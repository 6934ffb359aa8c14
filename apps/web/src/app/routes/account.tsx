import { PageHeader } from "@/components/page-header";
import { SignInPrompt } from "@/components/sign-in-prompt";
import { DataCard } from "@/features/account/components/data-card";
import { DeleteAccountCard } from "@/features/account/components/delete-account-card";
import { ProfileCard } from "@/features/account/components/profile-card";
import { SessionsCard } from "@/features/account/components/sessions-card";
import { SettingsCard } from "@/features/account/components/settings-card";
import { useAuth } from "@/lib/auth";

/** Your account: profile, settings, your data (export, import), sessions and deletion. */
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
        <div className="grid gap-4">
          <ProfileCard user={user} />
          <SettingsCard />
          <DataCard />
          <SessionsCard />
          <DeleteAccountCard email={user.email} />
        </div>
      )}
    </>
  );
}
