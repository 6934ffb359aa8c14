import { useId, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import {
  DISCLAIMER_TITLES,
  storeDisclaimerChoice,
  type DisclaimerVariant,
} from "@/lib/disclaimer-flags";

export {
  ANALYZER_DISCLAIMER_KEY,
  DISCLAIMER_ACCEPTED_KEY,
  DISCLAIMER_TIMESTAMP_KEY,
  DISCLAIMER_TITLES,
  isAnalyzerDisclaimerAccepted,
  rememberedDisclaimerChoice,
  storeDisclaimerChoice,
  type DisclaimerVariant,
} from "@/lib/disclaimer-flags";

const GENERAL_POINTS = [
  "FlockKeeper gives general, educational information about keeping poultry. It is not veterinary advice and is not a substitute for a veterinarian who can examine your birds.",
  "Automated analyses, calculators and guides can be wrong or incomplete. Check important decisions with a qualified professional.",
  "If a bird is seriously ill, injured or in distress, contact a vet who treats poultry straight away.",
  "No liability is accepted for any loss, injury or harm arising from decisions made using this app.",
];

const AI_POINTS = [
  "This analysis is for information only. It is not a diagnosis and does not replace a veterinarian.",
  "Results come from an automated analysis of a photo and may be inaccurate or incomplete.",
  "Emergencies need professional attention: if a bird is struggling to breathe, bleeding, collapsed or getting worse quickly, contact a vet now.",
  "An automated analysis cannot replace a physical examination or laboratory tests.",
];

export type DisclaimerModalProps = {
  variant: DisclaimerVariant;
  open: boolean;
  /** Called after the flags are stored. */
  onAccept: () => void;
  /** Called after the flags are stored; the modal closes. */
  onDecline: () => void;
};

/**
 * The disclaimer modal (spec.md): general or AI variant, 'Remember my choice for future visits',
 * 'I Do Not Agree' / 'I Understand & Agree'. It cannot be dismissed by an outside click or Escape:
 * only the two buttons close it.
 */
export function DisclaimerModal({ variant, open, onAccept, onDecline }: DisclaimerModalProps) {
  const [remember, setRemember] = useState(false);
  const checkboxId = useId();
  const points = variant === "ai" ? AI_POINTS : GENERAL_POINTS;
  return (
    <Dialog
      open={open}
      onOpenChange={() => undefined}
      modalLocked
      title={DISCLAIMER_TITLES[variant]}
      description="Please read and confirm before continuing."
    >
      <ul className="list-disc space-y-2 pl-5 text-sm text-stone-800">
        {points.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-stone-700">
        Read the full{" "}
        <a href="/legal#terms" target="_blank" rel="noopener" className="text-blue-800 underline">
          terms of use
        </a>{" "}
        and{" "}
        <a
          href="/legal#veterinary-disclaimer"
          target="_blank"
          rel="noopener"
          className="text-blue-800 underline"
        >
          veterinary disclaimer
        </a>{" "}
        (they open in a new tab).
      </p>
      <div className="mt-4 flex items-center gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          checked={remember}
          onChange={(e) => setRemember(e.target.checked)}
          className="h-5 w-5 accent-amber-700"
        />
        <label htmlFor={checkboxId} className="text-sm font-medium text-stone-900">
          Remember my choice for future visits
        </label>
      </div>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          data-track="Disclaimer Decline"
          onClick={() => {
            storeDisclaimerChoice(variant, false, remember);
            onDecline();
          }}
        >
          I Do Not Agree
        </Button>
        <Button
          data-track="Disclaimer Accept"
          onClick={() => {
            storeDisclaimerChoice(variant, true, remember);
            onAccept();
          }}
        >
          I Understand &amp; Agree
        </Button>
      </div>
    </Dialog>
  );
}

export default DisclaimerModal;
