import type { ReactNode } from "react";
import { Ban, Database, Eye, Lock, ShieldCheck, UserRound } from "lucide-react";
import { Dialog } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import info from "@/content/sign-in-info.json";

function Section({ icon, title, items }: { icon: ReactNode; title: string; items: string[] }) {
  return (
    <section className="mt-4">
      <h3 className="flex items-center gap-2 font-bold text-stone-900">
        {icon}
        {title}
      </h3>
      <ul className="mt-1 list-disc space-y-1 pl-6 text-sm text-stone-800">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/** What signing in means (spec.md "Sign-in information panel"), from src/content/sign-in-info.json. */
export function SignInInfoContent() {
  return (
    <div>
      <Section
        icon={<UserRound size={18} aria-hidden className="text-amber-700" />}
        title="What we collect"
        items={info.collected}
      />
      <Section
        icon={<Eye size={18} aria-hidden className="text-amber-700" />}
        title="Why we need it"
        items={info.why}
      />
      <Section
        icon={<Database size={18} aria-hidden className="text-amber-700" />}
        title="How it is used"
        items={info.howUsed}
      />
      <Section
        icon={<Ban size={18} aria-hidden className="text-amber-700" />}
        title="What we never do"
        items={info.notDone}
      />
      <section className="mt-4 rounded-lg bg-amber-50 p-3">
        <h3 className="flex items-center gap-2 font-bold text-stone-900">
          <ShieldCheck size={18} aria-hidden className="text-amber-700" />
          Our privacy promise
        </h3>
        <p className="mt-1 text-sm text-stone-800">{info.privacyPromise}</p>
      </section>
      <Section
        icon={<Lock size={18} aria-hidden className="text-amber-700" />}
        title="Security"
        items={info.security}
      />
      <p className="mt-3 text-sm text-stone-700">
        Details are in the{" "}
        <a href="/legal#privacy" className="text-blue-800 underline">
          privacy policy
        </a>
        .
      </p>
    </div>
  );
}

/**
 * The sign-in information panel as a dialog. 'Continue with Secure Sign In' appears only when
 * `onContinue` is given (sign-in is available and the visitor is signed out); it starts sign-in.
 */
export function SignInInfoPanel({
  open,
  onOpenChange,
  onContinue,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onContinue?: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Before you sign in"
      description="What FlockKeeper stores when you sign in, and why."
    >
      <SignInInfoContent />
      {onContinue && (
        <Button
          className="mt-5 w-full"
          onClick={onContinue}
          data-track="Continue with Secure Sign In"
        >
          <Lock size={18} aria-hidden /> Continue with Secure Sign In
        </Button>
      )}
    </Dialog>
  );
}

export default SignInInfoPanel;
