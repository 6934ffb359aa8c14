import { useState } from "react";
import { MapPin } from "lucide-react";
import {
  type FoundPlace,
  saveWeatherPlaceBody,
  type SaveWeatherPlaceBody,
  type WeatherPlace,
} from "@flockkeeper/shared/schemas/weather";
import { Button } from "@/components/ui/button";
import { Field, Form, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { currentPosition } from "../hooks/use-geolocation";
import { placeLabel, TownSearch } from "./town-search";

/** Two decimals (about 1 km), what the server keeps anyway. */
const coordinateText = (value: number) => String(Math.round(value * 100) / 100);

/**
 * Name a place and its coordinates: found by typing a town, typed by hand, or filled from the
 * browser's position.
 */
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
  const form = useZodForm({
    schema: saveWeatherPlaceBody,
    defaultValues: {
      name: initial?.name ?? "",
      latitude: initial ? String(initial.latitude) : "",
      longitude: initial ? String(initial.longitude) : "",
    },
  });
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);
  const [picked, setPicked] = useState<FoundPlace | null>(null);

  const pick = (place: FoundPlace) => {
    const opts = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue("name", place.name, opts);
    form.setValue("latitude", coordinateText(place.latitude), opts);
    form.setValue("longitude", coordinateText(place.longitude), opts);
    setPicked(place);
  };

  const useMine = async () => {
    setLocating(true);
    setLocateError(null);
    try {
      const pos = await currentPosition();
      form.setValue("latitude", pos.latitude.toFixed(2));
      form.setValue("longitude", pos.longitude.toFixed(2));
    } catch {
      setLocateError("Location unavailable");
    } finally {
      setLocating(false);
    }
  };

  return (
    <div className="space-y-4">
      <TownSearch onPick={pick} />
      {picked && (
        <p role="status" className="text-sm text-ink">
          Chosen: {placeLabel(picked)}. Save the place to see its weather.
        </p>
      )}
      <Form
        form={form}
        onSubmit={(place: SaveWeatherPlaceBody) => onSave(place)}
        className="space-y-3"
        aria-label="Save a place"
      >
        <Field name="name" label="Place name">
          {(props) => <Input placeholder="e.g. Home farm" maxLength={100} {...props} />}
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field name="latitude" label="Latitude">
            {(props) => <Input inputMode="decimal" placeholder="e.g. 51.51" {...props} />}
          </Field>
          <Field name="longitude" label="Longitude">
            {(props) => <Input inputMode="decimal" placeholder="e.g. -0.13" {...props} />}
          </Field>
        </div>
        {locateError && <p className="text-sm text-danger">{locateError}</p>}
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
      </Form>
    </div>
  );
}
