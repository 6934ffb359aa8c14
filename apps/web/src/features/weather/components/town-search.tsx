import { useId, useState, type FormEvent } from "react";
import { Search } from "lucide-react";
import { placeSearchQuery, type FoundPlace } from "@flockkeeper/shared/schemas/weather";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { searchPlaces } from "../api/search-places";

/** "York, England, United Kingdom": enough to tell namesakes apart. */
export function placeLabel(place: FoundPlace): string {
  return [place.name, place.region, place.country].filter(Boolean).join(", ");
}

type State =
  | { status: "idle" }
  | { status: "searching" }
  | { status: "found"; name: string; places: FoundPlace[] }
  | { status: "error"; message: string };

/**
 * Find a place by typing a town: the server asks Open-Meteo's geocoding API. Choosing a result
 * hands its name and coordinates to `onPick`; the coordinates can still be typed by hand.
 */
export function TownSearch({ onPick }: { onPick: (place: FoundPlace) => void }) {
  const id = useId();
  const [name, setName] = useState("");
  const [state, setState] = useState<State>({ status: "idle" });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = placeSearchQuery.shape.name.safeParse(name);
    if (!parsed.success) {
      setState({ status: "error", message: parsed.error.issues[0]!.message });
      return;
    }
    setState({ status: "searching" });
    try {
      const { places } = await searchPlaces(parsed.data);
      setState({ status: "found", name: parsed.data, places });
    } catch (error) {
      setState({ status: "error", message: errorMessage(error) });
    }
  };

  return (
    <form role="search" aria-label="Find a town" onSubmit={submit} className="space-y-2" noValidate>
      <label htmlFor={`${id}-town`} className="block text-sm font-medium text-ink">
        Town
      </label>
      <div className="flex gap-2">
        <Input
          id={`${id}-town`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. York"
          maxLength={100}
          autoComplete="address-level2"
          aria-invalid={state.status === "error" ? true : undefined}
          aria-describedby={state.status === "error" ? `${id}-error` : undefined}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="secondary" disabled={state.status === "searching"}>
          <Search className="size-4" aria-hidden />
          {state.status === "searching" ? "Finding..." : "Find town"}
        </Button>
      </div>
      {state.status === "error" && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {state.message}
        </p>
      )}
      {state.status === "found" && state.places.length === 0 && (
        <p role="status" className="text-sm text-ink-muted">
          No town called “{state.name}” was found. Check the spelling, or enter the latitude and
          longitude below.
        </p>
      )}
      {state.status === "found" && state.places.length > 0 && (
        <ul aria-label="Towns found" className="space-y-1">
          {state.places.map((place) => (
            <li key={`${place.latitude},${place.longitude}`}>
              <button
                type="button"
                onClick={() => {
                  onPick(place);
                  setState({ status: "idle" });
                }}
                className="min-h-11 w-full rounded-control border border-line px-3 py-2 text-left text-sm text-ink break-words hover:bg-surface-muted focus-visible:outline-3 focus-visible:outline-focus"
              >
                {placeLabel(place)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
