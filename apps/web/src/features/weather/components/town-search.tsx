import { useId, useState } from "react";
import { Search } from "lucide-react";
import { placeSearchQuery, type FoundPlace } from "@flockkeeper/shared/schemas/weather";
import { Button } from "@/components/ui/button";
import { Form, useFormField, useZodForm } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { searchPlaces } from "../api/search-places";

/** "York, England, United Kingdom": enough to tell namesakes apart. */
export function placeLabel(place: FoundPlace): string {
  return [place.name, place.region, place.country].filter(Boolean).join(", ");
}

/** The town field: the server's own rule for `name` ("Town name must be at least 2 characters"). */
const townSearchBody = placeSearchQuery.pick({ name: true });
type TownSearchBody = { name: string };

/**
 * Find a place by typing a town: the server asks Open-Meteo's geocoding API. Choosing a result
 * hands its name and coordinates to `onPick`; the coordinates can still be typed by hand.
 */
export function TownSearch({ onPick }: { onPick: (place: FoundPlace) => void }) {
  const id = useId();
  const [found, setFound] = useState<{ name: string; places: FoundPlace[] } | null>(null);
  const form = useZodForm<TownSearchBody, TownSearchBody>({
    schema: townSearchBody,
    defaultValues: { name: "" },
  });

  const submit = async ({ name }: TownSearchBody) => {
    setFound(null);
    try {
      const { places } = await searchPlaces(name);
      setFound({ name, places });
    } catch (error) {
      // The search failing (e.g. the provider is down) is shown at the field, as a bad name is.
      form.setError("name", { type: "server", message: errorMessage(error) });
    }
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
      role="search"
      aria-label="Find a town"
      className="space-y-2"
    >
      <TownField id={`${id}-town`} searching={form.formState.isSubmitting} />
      {found && !form.formState.errors.name && (
        <TownResults
          found={found}
          onPick={(place) => {
            onPick(place);
            setFound(null);
          }}
        />
      )}
    </Form>
  );
}

/** The label, the box and its button in one row, then the message. */
function TownField({ id, searching }: { id: string; searching: boolean }) {
  const { props, error, errorId } = useFormField("name", id);
  return (
    <>
      <label htmlFor={props.id} className="block text-sm font-medium text-ink">
        Town
      </label>
      <div className="flex gap-2">
        <Input
          {...props}
          placeholder="e.g. York"
          maxLength={100}
          autoComplete="address-level2"
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="secondary" disabled={searching}>
          <Search className="size-4" aria-hidden />
          {searching ? "Finding..." : "Find town"}
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </>
  );
}

function TownResults({
  found,
  onPick,
}: {
  found: { name: string; places: FoundPlace[] };
  onPick: (place: FoundPlace) => void;
}) {
  if (found.places.length === 0) {
    return (
      <p role="status" className="text-sm text-ink-muted">
        No town called “{found.name}” was found. Check the spelling, or enter the latitude and
        longitude below.
      </p>
    );
  }
  return (
    <ul aria-label="Towns found" className="space-y-1">
      {found.places.map((place) => (
        <li key={`${place.latitude},${place.longitude}`}>
          <button
            type="button"
            onClick={() => onPick(place)}
            className="min-h-11 w-full rounded-control border border-line px-3 py-2 text-left text-sm text-ink break-words hover:bg-surface-muted focus-visible:outline-3 focus-visible:outline-focus"
          >
            {placeLabel(place)}
          </button>
        </li>
      ))}
    </ul>
  );
}
