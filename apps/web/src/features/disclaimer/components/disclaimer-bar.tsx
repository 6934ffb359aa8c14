import { lazy, Suspense, useEffect, useState } from "react";
import { Scale } from "lucide-react";
import { rememberedDisclaimerChoice } from "@/lib/disclaimer-flags";
import home from "@/content/home.json";
import { formatMoment } from "@/lib/dates";

// The modal (and Radix Dialog with it) loads only when someone opens it: the home page stays light.
const DisclaimerModal = lazy(() => import("@/components/disclaimer-modal"));

const when = (iso: string | null) => {
  if (!iso) return "";
  const day = formatMoment(iso);
  return day === iso ? "" : ` on ${day}`;
};

/** The home page's disclaimer bar, with the general 'Legal Disclaimer & Terms of Use' modal. */
export function DisclaimerBar() {
  const [open, setOpen] = useState(false);
  // The remembered choice lives in this browser's storage: read after hydration, so the
  // prerendered HTML (no choice) and the first render agree.
  const [choice, setChoice] = useState<ReturnType<typeof rememberedDisclaimerChoice>>(null);
  useEffect(() => setChoice(rememberedDisclaimerChoice()), []);
  const [answered, setAnswered] = useState<"accepted" | "declined" | null>(null);
  const close = (result: "accepted" | "declined") => {
    setOpen(false);
    setAnswered(result);
    setChoice(rememberedDisclaimerChoice());
  };
  const state = answered ?? (choice ? (choice.accepted ? "accepted" : "declined") : null);
  const remembered = choice !== null && choice.accepted === (state === "accepted");
  return (
    <section
      aria-labelledby="disclaimer-bar-title"
      className="my-8 rounded-xl border border-amber-400 bg-amber-100 p-4 text-amber-950"
    >
      <h2 id="disclaimer-bar-title" className="flex items-center gap-2 font-bold">
        <Scale size={18} aria-hidden /> Disclaimer
      </h2>
      <p className="mt-1 text-sm">{home.disclaimer}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="h-10 rounded-lg border border-amber-800 bg-white px-3 text-sm font-semibold text-amber-950 hover:bg-amber-50 focus-visible:outline-3 focus-visible:outline-blue-700"
          data-track="Open Disclaimer"
        >
          Read the full disclaimer
        </button>
        <p className="text-sm" role="status" data-testid="disclaimer-state">
          {state === "accepted" &&
            (remembered
              ? `You accepted the disclaimer${when(choice.at)} (remembered in this browser).`
              : "You accepted the disclaimer.")}
          {state === "declined" &&
            "You did not agree to the disclaimer. Please don't rely on FlockKeeper for decisions about your birds' health; ask a vet instead."}
        </p>
      </div>
      {open && (
        <Suspense fallback={null}>
          <DisclaimerModal
            variant="general"
            open={open}
            onAccept={() => close("accepted")}
            onDecline={() => close("declined")}
          />
        </Suspense>
      )}
    </section>
  );
}
