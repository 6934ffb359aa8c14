import { describeDevice } from "@flockkeeper/shared/domain/device";
import { Card, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { useAccountSecurity } from "../api/account-security";
import { formatMoment } from "@/lib/dates";

const when = (iso: string) => formatMoment(iso, "dateTime");

const METHODS: Record<string, string> = {
  password: "Password",
  passkey: "Passkey",
  recovery_code: "Recovery code",
  external: "Identity provider",
};

/** The keeper's own recent sign-ins, newest first, so a stranger's sign-in stands out. */
export function SignInsCard() {
  const security = useAccountSecurity();
  const signIns = security.data?.signIns ?? [];
  return (
    <Card>
      <CardTitle>Recent sign-ins</CardTitle>
      <p className="mt-1 text-sm text-stone-700">
        If you do not recognise one, change your password and sign out everywhere.
      </p>
      {security.isLoading && <p className="mt-2 text-stone-700">Loading…</p>}
      {security.isError && (
        <p className="mt-2 text-red-800" role="alert">
          {errorMessage(security.error)}
        </p>
      )}
      {security.data && signIns.length === 0 && (
        <p className="mt-2 text-stone-700">No sign-ins recorded yet.</p>
      )}
      {signIns.length > 0 && (
        <ul className="mt-3 divide-y divide-stone-200" aria-label="Recent sign-ins">
          {signIns.map((s, i) => (
            <li key={`${s.at}-${i}`} className="py-2">
              <p className="font-medium text-stone-900">
                <time dateTime={s.at}>{when(s.at)}</time>
              </p>
              <p className="text-sm break-words text-stone-700">
                {describeDevice(s.userAgent) ?? "Unknown device"} · {METHODS[s.method] ?? s.method}
                {/* No location database: the network address is the place we know. */}
                {s.address && <> · from {s.address}</>}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
