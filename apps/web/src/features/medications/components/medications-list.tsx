import { useState } from "react";
import {
  MEDICATION_KINDS,
  type Medication,
  type MedicationKind,
} from "@flockkeeper/shared/schemas/medication";
import { speciesLabel } from "@flockkeeper/shared/domain/species-labels";
import { LoadingPanel } from "@/components/loading-panel";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useMedications } from "../api/medications";

const KIND_LABELS: Record<MedicationKind, string> = {
  antiparasitic: "Wormers and antiparasitics",
  anticoccidial: "Anticoccidials",
  antibiotic: "Antibiotics",
  insecticide: "Insecticides (mites, lice)",
  vaccine: "Vaccines",
  supplement: "Supplements",
};

const days = (n: number | null) =>
  n === null ? "none established" : n === 0 ? "0 days" : `${n} day${n === 1 ? "" : "s"}`;

/**
 * The medications list (Flock Health Center): each product's egg and meat withdrawal as its cited
 * label or study gives it, where the law differs, and its sources. Information, not dosing advice:
 * the server's disclaimer heads the list.
 */
export function MedicationsList() {
  const meds = useMedications();
  const [kind, setKind] = useState<MedicationKind | "">("");
  if (meds.isPending) return <LoadingPanel label="Loading the medications list…" />;
  if (meds.isError) return <Alert tone="danger">{errorMessage(meds.error)}</Alert>;
  const shown = meds.data.medications.filter((m) => !kind || m.kind === kind);
  return (
    <div className="space-y-4">
      <Alert tone="warning" data-testid="medications-disclaimer">
        <p className="font-semibold">Not dosing or treatment advice</p>
        <p>{meds.data.disclaimer}</p>
      </Alert>
      <div className="max-w-xs">
        <label htmlFor="medication-kind" className="mb-1 block text-sm font-semibold">
          Show
        </label>
        <Select
          id="medication-kind"
          value={kind}
          onChange={(e) => setKind(e.target.value as MedicationKind | "")}
        >
          <option value="">All products ({meds.data.medications.length})</option>
          {MEDICATION_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </Select>
      </div>
      <ul className="space-y-3">
        {shown.map((m) => (
          <li key={m.id}>
            <MedicationCard medication={m} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function MedicationCard({ medication: m }: { medication: Medication }) {
  return (
    <Card data-testid="medication" aria-label={m.name} className="space-y-2 break-words">
      <div className="flex flex-wrap items-baseline gap-2">
        <h3 className="text-lg font-bold text-ink">{m.name}</h3>
        <Badge>{KIND_LABELS[m.kind]}</Badge>
      </div>
      <p className="text-sm text-stone-700">
        {m.activeIngredient}
        {m.brands.length > 0 ? ` · e.g. ${m.brands.join(", ")}` : ""}
        {m.species.length > 0 ? ` · ${m.species.map((s) => speciesLabel(s)).join(", ")}` : ""}
      </p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="font-semibold">Eggs</dt>
          <dd data-testid="egg-withdrawal">{days(m.eggWithdrawalDays)}</dd>
        </div>
        <div>
          <dt className="font-semibold">Meat</dt>
          <dd>{days(m.meatWithdrawalDays)}</dd>
        </div>
      </dl>
      <p className="text-sm">{m.withdrawal}</p>
      {m.regionNotes.length > 0 && (
        <ul className="space-y-1 text-sm">
          {m.regionNotes.map((n) => (
            <li key={n.region}>
              <span className="font-semibold">{n.region}:</span> {n.note}
            </li>
          ))}
        </ul>
      )}
      {m.notes && <p className="text-sm">{m.notes}</p>}
      <details className="text-sm">
        <summary className="cursor-pointer">Sources</summary>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-xs">
          {m.sources.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      </details>
    </Card>
  );
}
