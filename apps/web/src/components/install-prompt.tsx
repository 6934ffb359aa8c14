import { lazy, Suspense, useState } from "react";
import { Download, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/lib/hydration";
import { isStandalone, useInstallPrompt } from "@/lib/pwa";

// The steps dialog (and Radix Dialog with it) loads only when someone asks for it.
const ManualSteps = lazy(() => import("./install-steps"));

/**
 * The install card (home page): appears 3 s after the browser offers install. It floats over the
 * bottom of the screen instead of taking a place in the page: inserted above the content seconds
 * after the first paint, it pushed everything below it down (a layout shift of 0.16, Lighthouse's
 * CLS on the home page, and a jump under the keeper's thumb).
 */
export function InstallPromptCard() {
  const prompt = useInstallPrompt();
  if (!prompt.visible) return null;
  return (
    <section
      aria-label="Install the app"
      className="fixed inset-x-4 bottom-4 z-40 mx-auto flex max-w-md items-start gap-3 rounded-xl border border-amber-300 bg-white p-4 shadow-lg"
    >
      <Download className="mt-1 shrink-0 text-amber-700" aria-hidden />
      <div className="flex-1">
        <h2 className="font-bold">Install FlockKeeper</h2>
        <p className="text-sm text-stone-700">
          Add it to your home screen: it opens like an app and works with a weak signal.
        </p>
        <Button
          className="mt-2"
          size="sm"
          onClick={() => void prompt.install()}
          data-track="Install App"
        >
          Install
        </Button>
      </div>
      <button
        type="button"
        onClick={prompt.dismiss}
        aria-label="Dismiss install prompt"
        className="rounded p-1 hover:bg-stone-100"
      >
        <X size={18} aria-hidden />
      </button>
    </section>
  );
}

/** Footer button: prompts when the browser allows it, else shows manual steps. */
export function InstallButton() {
  const prompt = useInstallPrompt();
  const [manual, setManual] = useState(false);
  // Known only in the browser: the prerendered HTML always has the button.
  const hydrated = useHydrated();
  if (hydrated && isStandalone()) return null;
  return (
    <>
      <button
        type="button"
        className="underline"
        onClick={async () => {
          if ((await prompt.install()) === "manual") setManual(true);
        }}
      >
        Install app
      </button>
      {manual && (
        <Suspense fallback={null}>
          <ManualSteps open={manual} onOpenChange={setManual} />
        </Suspense>
      )}
    </>
  );
}
