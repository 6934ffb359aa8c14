import { useId, useState, type FormEvent } from "react";
import { Mail } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useHydrated } from "@/lib/hydration";
import { useSubscribe } from "../api/subscribe";

/** The blog's newsletter box: email plus explicit consent, stored with the consent time. */
export function NewsletterBox() {
  const emailId = useId();
  const consentId = useId();
  const errorId = useId();
  const hydrated = useHydrated();
  const [email, setEmail] = useState("");
  const [consent, setConsent] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const subscribe = useSubscribe();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setLocalError(null);
    if (!email.trim()) return setLocalError("Please enter your email address");
    if (!consent) return setLocalError("Please tick the box to agree to receive the newsletter");
    subscribe.mutate({ email: email.trim(), consent: true });
  };

  const error = localError ?? (subscribe.isError ? errorMessage(subscribe.error) : null);

  return (
    <section
      aria-labelledby="newsletter-title"
      className="my-8 rounded-xl border border-amber-300 bg-white p-5 shadow-sm"
    >
      <h2
        id="newsletter-title"
        className="flex items-center gap-2 text-xl font-bold text-stone-900"
      >
        <Mail aria-hidden className="text-amber-700" /> Get new articles by email
      </h2>
      <p className="mt-1 text-sm text-stone-800">
        An occasional newsletter with new articles and seasonal reminders. We store your email
        address and the time you gave consent, and use them only for this newsletter. See the{" "}
        <a href="/legal#privacy" className="text-blue-800 underline">
          privacy policy
        </a>
        .
      </p>
      {subscribe.isSuccess ? (
        <p
          role="status"
          className="mt-4 rounded-lg bg-green-50 p-3 text-green-950"
          data-testid="newsletter-confirmation"
        >
          {subscribe.data.message}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-3">
          <div>
            <label htmlFor={emailId} className="block text-sm font-semibold text-stone-900">
              Email address
            </label>
            <Input
              id={emailId}
              type="email"
              autoComplete="email"
              maxLength={254}
              value={email}
              // Prerendered on /blog: read-only until React has hydrated it, so no typing is lost.
              readOnly={!hydrated}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="mt-1"
            />
          </div>
          <div className="flex items-start gap-2">
            <input
              id={consentId}
              type="checkbox"
              checked={consent}
              disabled={!hydrated}
              onChange={(e) => setConsent(e.target.checked)}
              className="mt-1 h-5 w-5 shrink-0 accent-amber-700"
            />
            <label htmlFor={consentId} className="text-sm text-stone-900">
              I agree to receive the FlockKeeper newsletter by email. I can ask to be removed at any
              time.
            </label>
          </div>
          {error && (
            <p id={errorId} role="alert" className="text-sm font-medium text-red-800">
              {error}
            </p>
          )}
          <Button type="submit" disabled={subscribe.isPending} data-track="Newsletter Subscribe">
            {subscribe.isPending ? "Subscribing..." : "Subscribe"}
          </Button>
        </form>
      )}
    </section>
  );
}
