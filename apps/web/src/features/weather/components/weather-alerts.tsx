import { AlertTriangle, CheckCircle2, CloudLightning } from "lucide-react";
import { renderUnitText, type UnitPrefs } from "@flockkeeper/shared/domain/units";
import type { WeatherResponse } from "@flockkeeper/shared/schemas/weather";
import { Alert } from "@/components/ui/alert";
import { Card, CardTitle } from "@/components/ui/card";

const TONES = { severe: "danger", warning: "warning", info: "success" } as const;
const ICONS = { severe: CloudLightning, warning: AlertTriangle, info: CheckCircle2 } as const;

/** Poultry weather alerts, most serious first. */
export function WeatherAlerts({
  alerts,
  units,
}: {
  alerts: WeatherResponse["alerts"];
  units: UnitPrefs;
}) {
  return (
    <Card>
      <CardTitle>Weather alerts</CardTitle>
      {alerts.length === 0 ? (
        <p className="mt-2 text-stone-700">No alerts for your flock right now.</p>
      ) : (
        <ul className="mt-3 space-y-2" data-testid="weather-alerts">
          {alerts.map((a) => {
            const Icon = ICONS[a.severity];
            return (
              <li key={a.id}>
                <Alert tone={TONES[a.severity]} className="flex gap-2">
                  <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
                  <div>
                    <p className="font-bold">{a.title}</p>
                    <p>{renderUnitText(a.message, units)}</p>
                  </div>
                </Alert>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
