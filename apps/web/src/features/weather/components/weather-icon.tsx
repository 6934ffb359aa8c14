import {
  Cloud,
  CloudDrizzle,
  CloudFog,
  CloudLightning,
  CloudRain,
  CloudSnow,
  CloudSun,
  HelpCircle,
  Sun,
  type LucideProps,
} from "lucide-react";
import { weatherCategory } from "@flockkeeper/shared/domain/weather-alerts";

const ICONS = {
  clear: Sun,
  "partly-cloudy": CloudSun,
  cloudy: Cloud,
  fog: CloudFog,
  drizzle: CloudDrizzle,
  rain: CloudRain,
  snow: CloudSnow,
  storm: CloudLightning,
  unknown: HelpCircle,
} as const;

/** Icon for a WMO weather code (decorative: the conditions are always written next to it). */
export function WeatherIcon({ code, ...props }: LucideProps & { code: number | null }) {
  const Icon = ICONS[weatherCategory(code)];
  return <Icon aria-hidden {...props} />;
}
