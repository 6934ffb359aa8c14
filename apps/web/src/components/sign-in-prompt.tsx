import { LogIn } from "lucide-react";
import { Button } from "@/components/ui/button";
import { signIn } from "@/lib/auth";

/** Shown to signed-out visitors in place of private features. */
export function SignInPrompt({
  message = "Sign in to keep your flock's records private and available on every device.",
}: {
  message?: string;
}) {
  return (
    <div className="rounded-xl border border-amber-300 bg-white p-6 text-center shadow-sm">
      <LogIn className="mx-auto text-amber-700" aria-hidden />
      <p className="mt-2 text-stone-800">{message}</p>
      <Button className="mt-4" onClick={() => signIn()} data-track="Sign In Prompt">
        Sign in
      </Button>
    </div>
  );
}
