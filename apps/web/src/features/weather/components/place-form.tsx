import { useState } from "react";
import { MapPin } from "lucide-react";
import {
  saveWeatherPlaceBody,
  type SaveWeatherPlaceBody,
  type WeatherPlace,
} from "@flockkeeper/shared/schemas/weather";
import { Button } from "@/components/ui/button";
import { Field, Form, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { currentPosition } from "../hooks/use-geolocation";

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
    </Form>
  );
}
