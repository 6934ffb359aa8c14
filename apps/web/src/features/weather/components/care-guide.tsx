import {
  EXTREME_COLD_LOW_F,
  FREEZING_F,
  HEAT_F,
  HIGH_HUMIDITY,
  HIGH_WIND_MPH,
  TEMPERATURE_BANDS,
  broodingTemperatureF,
  type TemperatureBandId,
} from "@flockkeeper/shared/domain/weather-alerts";
import {
  formatQuantity,
  renderUnitText,
  unitText,
  type UnitPrefs,
  type UnitText,
} from "@flockkeeper/shared/domain/units";
import { Card, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";

const BAND_ORDER: {
  id: TemperatureBandId;
  from: number | null;
  to: number | null;
  care: UnitText;
}[] = [
  {
    id: "freezing",
    from: null,
    to: 32,
    care: unitText("Unfrozen water, dry draft-free coop, watch combs for frostbite."),
  },
  {
    id: "cold",
    from: 32,
    to: 49,
    care: unitText("Block drafts at roost height, keep vents open."),
  },
  {
    id: "cool",
    from: 50,
    to: 69,
    care: unitText("Comfortable for most adult birds; the comfort zone is {range}.", {
      range: { value: 65, to: 75, unit: "°F" },
    }),
  },
  {
    id: "warm",
    from: 70,
    to: 84,
    care: unitText("Shade and extra water; layers slow down from about {t}.", {
      t: { value: 75, unit: "°F" },
    }),
  },
  {
    id: "hot",
    from: 85,
    to: null,
    care: unitText("Heat stress risk: shade, airflow, cool water, check often."),
  },
];

/** Reference: temperature bands, the alert thresholds and brooder temperatures, in the chosen units. */
export function CareGuide({ units }: { units: UnitPrefs }) {
  const t = (f: number) => formatQuantity({ value: f, unit: "°F" }, units);
  const w = (mph: number) => formatQuantity({ value: mph, unit: "mph" }, units);
  const range = (from: number | null, to: number | null) =>
    from === null
      ? `below ${t(to!)}`
      : to === null
        ? `${t(from)} and above`
        : `${t(from)} to ${t(to)}`;

  return (
    <Card>
      <CardTitle>Weather care guide</CardTitle>
      <div className="mt-3 grid gap-6 lg:grid-cols-3">
        <section>
          <h3 className="font-semibold text-stone-900">Temperature bands</h3>
          <ul className="mt-2 space-y-2">
            {BAND_ORDER.map((b) => {
              const band = TEMPERATURE_BANDS[b.id];
              return (
                <li key={b.id} className={cn("rounded-lg p-2 text-sm", band.bgClass)}>
                  <p className="font-semibold text-stone-900">
                    {band.name}: {range(b.from, b.to)}
                  </p>
                  <p className="text-stone-800">{renderUnitText(b.care, units)}</p>
                </li>
              );
            })}
          </ul>
        </section>
        <section>
          <h3 className="font-semibold text-stone-900">When we alert you</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-stone-700">
            <li>Freezing: below {t(FREEZING_F)}</li>
            <li>Heat: above {t(HEAT_F)}</li>
            <li>Ventilation: humidity above {HIGH_HUMIDITY}%</li>
            <li>Wind: above {w(HIGH_WIND_MPH)}</li>
            <li>Severe: heavy rain or storms in the forecast</li>
            <li>Extreme cold: a forecast low below {t(EXTREME_COLD_LOW_F)}</li>
            <li>
              Ideal: {t(FREEZING_F)} to {t(HEAT_F)} with humidity at most {HIGH_HUMIDITY}%
            </li>
          </ul>
        </section>
        <section>
          <h3 className="font-semibold text-stone-900">Brooder temperature for chicks</h3>
          <table className="mt-2 w-full text-left text-sm">
            <thead>
              <tr className="border-b border-stone-200 text-stone-700">
                <th scope="col" className="py-1">
                  Week
                </th>
                <th scope="col" className="py-1">
                  Temperature
                </th>
              </tr>
            </thead>
            <tbody>
              {[1, 2, 3, 4, 5, 6].map((week) => {
                const { minF, maxF } = broodingTemperatureF(week);
                return (
                  <tr key={week} className="border-b border-stone-100">
                    <td className="py-1">{week}</td>
                    <td className="py-1">
                      {t(minF)} to {t(maxF)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="mt-2 text-xs text-stone-600">
            Chicks are usually feathered by week 6 and no longer need extra heat indoors. Sources:
            Ohio State University Extension; Hy-Line management guides.
          </p>
        </section>
      </div>
    </Card>
  );
}
