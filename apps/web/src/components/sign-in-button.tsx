import { lazy, Suspense, useState } from "react";
import { signIn } from "@/lib/auth";
import { withStylesheet } from "@/lib/stylesheet";

// The panel (and Radix Dialog with it) loads on the first click, keeping it out of the first paint;
// on a page that has just arrived, it shows once the whole stylesheet is in too.
const SignInInfoPanel = lazy(() => withStylesheet(import("./sign-in-info-panel")));

/**
 * The header's Sign In button. It first opens the sign-in information panel (what is collected,
 * why, how it is used), whose 'Continue with Secure Sign In' starts the real sign-in.
 */
export function SignInWithInfoButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        data-track="Sign In"
        className={className}
      >
        Sign In
      </button>
      {open && (
        <Suspense fallback={null}>
          <SignInInfoPanel open={open} onOpenChange={setOpen} onContinue={() => signIn()} />
        </Suspense>
      )}
    </>
  );
}
