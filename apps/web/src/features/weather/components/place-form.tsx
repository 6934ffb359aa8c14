import { useId, useState, type FormEvent } from "react";
import { MapPin } from "lucide-react";
import {
  saveWeatherPlaceBody,
  type SaveWeatherPlaceBody,
  type WeatherPlace,
} from "@flockkeeper/shared/schemas/weather";
import { Button } from "@/components/ui/button";
import { FieldError, Input, Label } from "@/components/ui/input";
import { currentPosition } from "../hooks/use-geolocation";

type Errors = Partial<Record<keyof SaveWeatherPlaceBody, string>>;

/** Name a place and its coordinates (typed, or filled from the browser's position). */
export function PlaceForm({
  initial,
  saving,
  onSave,
  onCancel,
}: {
  initial?: WeatherPlace | null;
  saving?: boolean;
  onSave: (place: SaveWeatherPlaceBody) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(initial?.name ?? "");
  const [latitude, setLatitude] = useState(initial ? String(initial.latitude) : "");
  const [longitude, setLongitude] = useState(initial ? String(initial.longitude) : "");
  const [errors, setErrors] = useState<Errors>({});
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = saveWeatherPlaceBody.safeParse({ name, latitude, longitude });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof SaveWeatherPlaceBody;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onSave(parsed.data);
  };

  const useMine = async () => {
    setLocating(true);
    setLocateError(null);
    try {
      const pos = await currentPosition();
      setLatitude(pos.latitude.toFixed(2));
      setLongitude(pos.longitude.toFixed(2));
    } catch {
      setLocateError("Location unavailable");
    } finally {
      setLocating(false);
    }
  };

  const field = (key: keyof SaveWeatherPlaceBody) => ({
    "aria-invalid": errors[key] ? true : undefined,
    "aria-describedby": errors[key] ? `${id}-${key}-error` : undefined,
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Save a place">
      <div>
        <Label htmlFor={`${id}-name`}>Place name</Label>
        <Input
          id={`${id}-name`}
          value={name}
          placeholder="e.g. Home farm"
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
          {...field("name")}
        />
        <FieldError id={`${id}-name-error`} message={errors.name} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <Label htmlFor={`${id}-lat`}>Latitude</Label>
          <Input
            id={`${id}-lat`}
            inputMode="decimal"
            placeholder="e.g. 51.51"
            value={latitude}
            onChange={(e) => setLatitude(e.target.value)}
            {...field("latitude")}
          />
          <FieldError id={`${id}-latitude-error`} message={errors.latitude} />
        </div>
        <div>
          <Label htmlFor={`${id}-lon`}>Longitude</Label>
          <Input
            id={`${id}-lon`}
            inputMode="decimal"
            placeholder="e.g. -0.13"
            value={longitude}
            onChange={(e) => setLongitude(e.target.value)}
            {...field("longitude")}
          />
          <FieldError id={`${id}-longitude-error`} message={errors.longitude} />
        </div>
      </div>
      {locateError && <p className="text-sm text-red-700">{locateError}</p>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving} data-track="Weather Save Place">
          {saving ? "Saving..." : "Save place"}
        </Button>
        <Button variant="secondary" onClick={useMine} disabled={locating}>
          <MapPin className="size-4" aria-hidden />
          {locating ? "Locating..." : "Use my current location"}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
