import { useQuery } from "@tanstack/react-query";
import { HeartPulse, Pill, ScanSearch, Syringe } from "lucide-react";
import { useState, type ReactNode } from "react";
import type { AnalysisRecord } from "@flockkeeper/shared/schemas/analysis";
import type { Chicken } from "@flockkeeper/shared/schemas/chicken";
import type { VaccinationRecord } from "@flockkeeper/shared/schemas/vaccination";
import { shortDate } from "@flockkeeper/shared/domain/treatment";
import { todayIso } from "@flockkeeper/shared/domain/dates";
import { EggGuard } from "@/components/egg-guard";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { apiGet } from "@/lib/api-client";
import { useTreatments } from "../api/treatments";
import { TreatmentsPanel, TreatmentSummary } from "./treatments-panel";

type Entry = { date: string; key: string; icon: ReactNode; body: ReactNode };

const ANALYSIS_LABELS: Record<AnalysisRecord["kind"], string> = {
  droppings: "Droppings check",
  health: "Photo health check",
  breed: "Breed identification",
};

/**
 * A bird's treatments and health history in one timeline, newest first (issue 20 item 4): its
 * treatments and its flock's, vaccinations, and photo checks (droppings, health) of the bird.
 */
export function BirdHealthTimeline({ bird }: { bird: Chicken }) {
  const now = new Date();
  const today = todayIso(now, now.getTimezoneOffset());
  const treatments = useTreatments({ chickenId: bird.id });
  const vaccinations = useQuery({
    queryKey: ["vaccinations"],
    queryFn: () => apiGet<VaccinationRecord[]>("/api/vaccinations"),
  });
  const analyses = useQuery({
    queryKey: ["analyses", "bird", bird.id],
    queryFn: () => apiGet<AnalysisRecord[]>(`/api/analyses?birdId=${bird.id}&limit=50`),
  });
  const entries: Entry[] = [
    ...(treatments.data ?? []).map((t) => ({
      date: t.startDate,
      key: `t-${t.id}`,
      icon: <Pill size={18} aria-hidden />,
      body: <TreatmentSummary t={t} today={today} />,
    })),
    ...(vaccinations.data ?? [])
      .filter((v) => v.birdId === bird.id)
      .map((v) => ({
        date: v.date,
        key: `v-${v.id}`,
        icon: <Syringe size={18} aria-hidden />,
        body: (
          <p>
            <span className="font-semibold text-stone-900">Vaccination: {v.vaccine}</span>
            {v.notes ? <span className="block text-sm text-stone-700">{v.notes}</span> : null}
          </p>
        ),
      })),
    ...(analyses.data ?? [])
      .filter((a) => a.kind !== "breed")
      .map((a) => ({
        date: a.createdAt.slice(0, 10),
        key: `a-${a.id}`,
        icon: <ScanSearch size={18} aria-hidden />,
        body: (
          <p>
            <span className="font-semibold text-stone-900">{ANALYSIS_LABELS[a.kind]}</span>
            <span className="block text-sm text-stone-700">Result: {a.status}</span>
          </p>
        ),
      })),
  ].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const loading = treatments.isLoading || vaccinations.isLoading || analyses.isLoading;

  return (
    <div className="space-y-4">
      <EggGuard name={bird.name} until={bird.eggsWithheldUntil} today={today} />
      {loading ? (
        <p className="text-sm text-stone-700">Loading health history…</p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-stone-700">No treatments, vaccinations or photo checks yet.</p>
      ) : (
        <ol className="space-y-3 border-l-2 border-amber-200 pl-4" aria-label="Health timeline">
          {entries.map((e) => (
            <li key={e.key} className="relative" data-testid="health-entry">
              <span className="absolute top-0.5 -left-[27px] rounded-full bg-white p-0.5 text-amber-800">
                {e.icon}
              </span>
              <p className="text-xs font-semibold text-stone-600">{shortDate(e.date, today)}</p>
              {e.body}
            </li>
          ))}
        </ol>
      )}
      <TreatmentsPanel scope={{ chickenId: bird.id }} title={`Treatments of ${bird.name}`} />
    </div>
  );
}

/** "Health" on a bird's card: opens its health timeline. */
export function BirdHealthButton({ bird }: { bird: Chicken }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-label={`Health history of ${bird.name}`}
        data-track="Bird health history"
      >
        <HeartPulse size={16} aria-hidden /> Health
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`${bird.name}: health history`}
        className="max-w-2xl"
      >
        {open && <BirdHealthTimeline bird={bird} />}
      </Dialog>
    </>
  );
}
