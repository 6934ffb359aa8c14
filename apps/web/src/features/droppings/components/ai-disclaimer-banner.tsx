import { AlertTriangle } from "lucide-react";

/** The amber AI disclaimer banner of the photo tools. */
export function AiDisclaimerBanner() {
  return (
    <div
      className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950"
      role="note"
    >
      <p className="flex items-center gap-2 font-bold">
        <AlertTriangle aria-hidden size={18} /> AI analysis is for information only
      </p>
      <p className="mt-1">
        Results may be inaccurate. Emergencies need professional attention, and an automated
        analysis cannot replace an examination or laboratory tests by a veterinarian.
      </p>
    </div>
  );
}
