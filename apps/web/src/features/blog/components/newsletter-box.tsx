import { useId } from "react";
import { Mail } from "lucide-react";
import type { NewsletterBody } from "@flockkeeper/shared/schemas/newsletter";
import { Button } from "@/components/ui/button";
import { Field, Form, FormError, lazySchema, useZodForm } from "@/components/ui/form";
import { FieldError, Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { WhenHydrated } from "@/lib/hydration";
import { useSubscribe } from "../api/subscribe";

type Values = { email: string; consent: boolean };

/** The blog's newsletter box: email plus explicit consent, stored with the consent time. */
export function NewsletterBox() {
  const consentId = useId();
  const subscribe = useSubscribe();
  // The server's own schema: the same messages ("Please enter your email address", "Please tick
  // the box...") before anything is sent.
  const form = useZodForm<Values, NewsletterBody>({
    schema: lazySchema(() =>
      import("@flockkeeper/shared/schemas/newsletter").then((m) => m.newsletterBody),
    ),
    defaultValues: { email: "", consent: false },
  });
  const consentError = form.formState.errors.consent?.message;

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
        <Form
          form={form}
          className="mt-4 space-y-3"
          onSubmit={(body) =>
            subscribe.mutateAsync(body).catch((err: unknown) => {
              form.setError("root", { message: errorMessage(err) });
            })
          }
        >
          <Field name="email" label={<span className="text-sm font-semibold">Email address</span>}>
            {(props) => (
              // Prerendered on /blog: read-only until React has hydrated it, so no typing is lost
              // (only the field re-renders then).
              <WhenHydrated>
                {(hydrated) => (
                  <Input
                    {...props}
                    type="email"
                    autoComplete="email"
                    maxLength={254}
                    readOnly={!hydrated}
                    className="mt-1"
                  />
                )}
              </WhenHydrated>
            )}
          </Field>
          <div>
            <div className="flex items-start gap-2">
              <WhenHydrated>
                {(hydrated) => (
                  <input
                    id={consentId}
                    type="checkbox"
                    disabled={!hydrated}
                    aria-invalid={consentError ? true : undefined}
                    aria-describedby={consentError ? `${consentId}-error` : undefined}
                    {...form.register("consent")}
                    className="mt-1 h-5 w-5 shrink-0 accent-amber-700"
                  />
                )}
              </WhenHydrated>
              <label htmlFor={consentId} className="text-sm text-stone-900">
                I agree to receive the FlockKeeper newsletter by email. I can ask to be removed at
                any time.
              </label>
            </div>
            <FieldError id={`${consentId}-error`} message={consentError} />
          </div>
          <FormError />
          <Button type="submit" disabled={subscribe.isPending} data-track="Newsletter Subscribe">
            {subscribe.isPending ? "Subscribing..." : "Subscribe"}
          </Button>
        </Form>
      )}
    </section>
  );
}
