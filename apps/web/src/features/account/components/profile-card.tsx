import type { AuthUser } from "@flockkeeper/shared/schemas/auth";
import { Card, CardTitle } from "@/components/ui/card";

/** Name, email and picture as the identity provider gave them. */
export function ProfileCard({ user }: { user: AuthUser }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || "—";
  return (
    <Card>
      <CardTitle>Profile</CardTitle>
      <div className="mt-3 flex items-center gap-4">
        {user.profileImageUrl ? (
          <img
            src={user.profileImageUrl}
            alt=""
            className="h-16 w-16 rounded-full object-cover"
            referrerPolicy="no-referrer"
          />
        ) : (
          <span
            aria-hidden
            className="flex h-16 w-16 items-center justify-center rounded-full bg-amber-100 text-2xl font-bold text-amber-900"
          >
            {(user.firstName || user.email || "?").charAt(0).toUpperCase()}
          </span>
        )}
        <dl className="min-w-0 text-stone-900">
          <dt className="sr-only">Name</dt>
          <dd className="font-semibold" data-testid="account-name">
            {name}
          </dd>
          <dt className="sr-only">Email</dt>
          <dd className="break-all text-stone-700" data-testid="account-email">
            {user.email ?? "No email from your sign-in provider"}
          </dd>
        </dl>
      </div>
      <p className="mt-3 text-sm text-stone-700">
        Your name, email and picture come from your sign-in provider and are updated each time you
        sign in.
      </p>
    </Card>
  );
}
