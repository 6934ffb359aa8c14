import { ShieldCheck } from "lucide-react";
import { Card, CardTitle } from "@/components/ui/card";

const GUIDELINES = [
  "Buy vaccines from a reputable supplier, keep them at the temperature on the label and use mixed vaccine within the time it states.",
  "Vaccinate only healthy birds; sick or stressed birds respond poorly.",
  "Follow the label for dose and route (eye drop, drinking water, wing web or injection).",
  "Record every vaccination with the date and batch number so boosters are not missed.",
  "Vaccination does not replace biosecurity: quarantine new birds for 30 days and keep wild birds away from feed.",
  "Ask a poultry vet which diseases occur in your area; some vaccines are restricted or not needed everywhere.",
];

/** General vaccination guidance (educational, not veterinary advice). */
export function Guidelines() {
  return (
    <Card>
      <CardTitle className="flex items-center gap-2">
        <ShieldCheck className="size-5 text-green-700" aria-hidden />
        Vaccination guidelines
      </CardTitle>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-stone-700">
        {GUIDELINES.map((g) => (
          <li key={g}>{g}</li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-stone-600">
        Educational information only, not a substitute for advice from a veterinarian.
      </p>
    </Card>
  );
}
