import type { VaccinationStatus } from "@flockkeeper/shared/domain/vaccination";
import { Badge } from "@/components/ui/badge";

const TONES = { completed: "green", due: "yellow", overdue: "red" } as const;
const LABELS = { completed: "Completed", due: "Due", overdue: "Overdue" } as const;

/** Completed (green), due (yellow) or overdue (red). */
export function StatusBadge({ status }: { status: VaccinationStatus }) {
  return <Badge tone={TONES[status]}>{LABELS[status]}</Badge>;
}
