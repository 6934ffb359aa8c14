import { lazy, Suspense, useState } from "react";
import { Loader2, MapPin, RefreshCw } from "lucide-react";
import type {
  SaveWeatherPlaceBody,
  WeatherPlace,
  WeatherUnits,
} from "@flockkeeper/shared/schemas/weather";
import { WEATHER_UNAVAILABLE_MESSAGE } from "@flockkeeper/shared/domain/weather-alerts";
import { NeedsConnection } from "@/components/needs-connection";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { useOnline } from "@/lib/pwa";
import { useUnits } from "@/lib/units";
import { toast } from "@/lib/toast";
import { useWeather } from "../api/get-weather";
import { useDeletePlace, useSavedPlace, useSavePlace } from "../api/weather-place";
import { useGeolocation } from "../hooks/use-geolocation";
import { useLocalSetting } from "../hooks/use-local-setting";
import { CareGuide } from "./care-guide";
import { CareRecommendations } from "./care-recommendations";
import { CurrentConditions } from "./current-conditions";
import { ForecastDays } from "./forecast-days";
import { UnitsToggle } from "./units-toggle";
import { WeatherAlerts } from "./weather-alerts";

// The place form (and the form kit and schema library with it) loads when it is shown: not in the
// page's first-paint JavaScript.
const PlaceForm = lazy(() => import("./place-form").then((m) => ({ default: m.PlaceForm })));

const PLACE_KEY = "flockkeeper.weather.place";

const isPlace = (v: unknown): v is WeatherPlace | null => {
  if (v === null) return true;
  if (typeof v !== "object") return false;
  const p = v as Record<string, unknown>;
  return (
    typeof p.name === "string" &&
    typeof p.latitude === "number" &&
    typeof p.longitude === "number" &&
    Math.abs(p.latitude) <= 90 &&
    Math.abs(p.longitude) <= 180
  );
};

/**
 * The weather page: location (saved place, else the browser's position), live forecast from the
 * server, alerts, care recommendations, 5-day forecast and the care guide.
 */
export function PoultryWeather() {
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  // One units preference for the whole app (account settings when signed in, else this browser):
  // °C goes with km/h, °F with mph.
  const unitPrefs = useUnits();
  const units: WeatherUnits = unitPrefs.temperatureUnit === "C" ? "metric" : "imperial";
  const setUnits = (next: WeatherUnits) => {
    unitPrefs.setUnits({ temperatureUnit: next === "metric" ? "C" : "F" }).catch((err: unknown) =>
      toast({
        title: "Could not save your units",
        description: errorMessage(err),
        variant: "destructive",
      }),
    );
  };
  const [localPlace, setLocalPlace] = useLocalSetting<WeatherPlace | null>(
    PLACE_KEY,
    null,
    isPlace,
  );
  const serverPlace = useSavedPlace(isAuthenticated);
  const savePlace = useSavePlace();
  const deletePlace = useDeletePlace();
  const [preferGeo, setPreferGeo] = useState(false);
  const [editing, setEditing] = useState(false);

  const place = isAuthenticated ? (serverPlace.data?.place ?? null) : localPlace;
  const placeLoading = authLoading || (isAuthenticated && serverPlace.isLoading);
  const usePlace = place !== null && !preferGeo;
  const geo = useGeolocation(!placeLoading && !usePlace);

  const coords = usePlace
    ? { latitude: place.latitude, longitude: place.longitude }
    : geo.state.status === "ready"
      ? geo.state.coords
      : null;
  const locationUnavailable = !placeLoading && !usePlace && geo.state.status === "unavailable";
  const label = placeLoading
    ? "Loading..."
    : usePlace
      ? place.name
      : geo.state.status === "ready"
        ? "Your Location"
        : locationUnavailable
          ? "Location unavailable"
          : "Loading...";

  const weather = useWeather(coords, units);
  const online = useOnline();

  const onSave = (body: SaveWeatherPlaceBody) => {
    const done = () => {
      setPreferGeo(false);
      setEditing(false);
      toast({ title: "Place saved", description: `Showing the weather for ${body.name}.` });
    };
    if (isAuthenticated) {
      savePlace.mutate(body, {
        onSuccess: done,
        onError: (err) =>
          toast({
            title: "Could not save the place",
            description: errorMessage(err),
            variant: "destructive",
          }),
      });
    } else {
      setLocalPlace(body);
      done();
    }
  };

  const onRemove = () => {
    if (isAuthenticated) {
      deletePlace.mutate(undefined, {
        onError: (err) =>
          toast({
            title: "Could not remove the place",
            description: errorMessage(err),
            variant: "destructive",
          }),
      });
    } else {
      setLocalPlace(null);
    }
    setPreferGeo(false);
  };

  return (
    <div className="space-y-4">
      <Card className="flex flex-wrap items-center gap-3">
        <MapPin className="size-5 text-amber-700" aria-hidden />
        <p
          className="font-semibold text-stone-900"
          data-testid="weather-location"
          aria-live="polite"
        >
          {label}
        </p>
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          {place && usePlace && (
            <Button variant="secondary" size="sm" onClick={() => setPreferGeo(true)}>
              Use my location
            </Button>
          )}
          {place && !usePlace && (
            <Button variant="secondary" size="sm" onClick={() => setPreferGeo(false)}>
              Show {place.name}
            </Button>
          )}
          {!usePlace && geo.state.status === "unavailable" && (
            <Button variant="secondary" size="sm" onClick={geo.retry}>
              Try location again
            </Button>
          )}
          <Button variant="secondary" size="sm" onClick={() => setEditing((v) => !v)}>
            {place ? "Change place" : "Save a place"}
          </Button>
          {place && (
            <Button variant="ghost" size="sm" onClick={onRemove}>
              Remove place
            </Button>
          )}
          <UnitsToggle units={units} onChange={setUnits} />
        </div>
      </Card>

      {(editing || (locationUnavailable && !place)) && (
        <Card>
          {locationUnavailable && !editing && (
            <p className="mb-3 text-stone-800">
              Your browser did not share its location. Allow location access, or save a place to see
              its weather.
            </p>
          )}
          {!isAuthenticated && (
            <p className="mb-3 text-sm text-stone-700">
              Saved on this device. Sign in to keep your place on every device.
            </p>
          )}
          <Suspense fallback={<div className="h-40" aria-hidden />}>
            <PlaceForm
              initial={place}
              saving={savePlace.isPending}
              onSave={onSave}
              onCancel={editing ? () => setEditing(false) : undefined}
            />
          </Suspense>
        </Card>
      )}

      {coords && !online && <NeedsConnection what="The latest forecast" className="mb-3" />}

      {coords && weather.isPending && online && (
        <p className="flex items-center gap-2 text-stone-700" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Loading forecast...
        </p>
      )}

      {coords && weather.isError && online && (
        <Alert tone="danger" className="flex flex-wrap items-center gap-3" role="alert">
          <div>
            <p className="font-bold">{WEATHER_UNAVAILABLE_MESSAGE}</p>
            {errorMessage(weather.error) !== WEATHER_UNAVAILABLE_MESSAGE && (
              <p>{errorMessage(weather.error)}</p>
            )}
          </div>
          <Button
            variant="secondary"
            size="sm"
            className="sm:ml-auto"
            onClick={() => void weather.refetch()}
            disabled={weather.isFetching}
          >
            <RefreshCw className="size-4" aria-hidden /> Try again
          </Button>
        </Alert>
      )}

      {weather.data && coords && !weather.isError && (
        <>
          <CurrentConditions weather={weather.data} />
          <WeatherAlerts alerts={weather.data.alerts} units={unitPrefs} />
          <CareRecommendations recommendations={weather.data.recommendations} units={unitPrefs} />
          <ForecastDays weather={weather.data} />
        </>
      )}

      <CareGuide units={unitPrefs} />
    </div>
  );
}
