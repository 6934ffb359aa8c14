import { HeartHandshake } from "lucide-react";
import { renderUnitText, type UnitPrefs } from "@flockkeeper/shared/domain/units";
import type { WeatherResponse } from "@flockkeeper/shared/schemas/weather";
import { Card, CardTitle } from "@/components/ui/card";

/** What to do for the flock in this weather. */
export function CareRecommendations({
  recommendations,
  units,
}: {
  recommendations: WeatherResponse["recommendations"];
  units: UnitPrefs;
}) {
  return (
    <Card>
      <CardTitle className="flex items-center gap-2">
        <HeartHandshake className="size-5 text-amber-700" aria-hidden />
        Care recommendations
      </CardTitle>
      <ul className="mt-3 space-y-3">
        {recommendations.map((r) => (
          <li key={r.id}>
            <p className="font-semibold text-stone-900">{r.title}</p>
            <p className="text-sm text-stone-700">{renderUnitText(r.text, units)}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
