import type { WeatherUnits } from "@flockkeeper/shared/schemas/weather";
import { cn } from "@/lib/cn";

const OPTIONS: { value: WeatherUnits; label: string }[] = [
  { value: "imperial", label: "°F, mph" },
  { value: "metric", label: "°C, km/h" },
];

/** Switch between °F/mph and °C/km/h. */
export function UnitsToggle({
  units,
  onChange,
}: {
  units: WeatherUnits;
  onChange: (units: WeatherUnits) => void;
}) {
  return (
    <div role="group" aria-label="Units" className="inline-flex rounded-lg bg-stone-100 p-1">
      {OPTIONS.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={units === o.value}
          onClick={() => onChange(o.value)}
          data-track={`Weather Units ${o.value}`}
          className={cn(
            "min-h-11 rounded-md px-3 text-sm font-semibold text-stone-700 focus-visible:outline-3 focus-visible:outline-blue-700",
            units === o.value && "bg-white text-amber-900 shadow",
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
