import { PageHeader } from "@/components/page-header";
import { PoultryWeather } from "@/features/weather/components/poultry-weather";

/** /poultry-weather: live forecast with poultry alerts and care advice. */
export default function PoultryWeatherPage() {
  return (
    <>
      <PageHeader
        title="Poultry Weather"
        description="Weather alerts and care advice for your flock."
      />
      <PoultryWeather />
    </>
  );
}
