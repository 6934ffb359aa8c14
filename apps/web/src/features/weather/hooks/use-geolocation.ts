import { useCallback, useEffect, useState } from "react";
import type { Coordinates } from "../api/get-weather";

export type GeolocationState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ready"; coords: Coordinates }
  | { status: "unavailable" };

/** Reads the browser's position once, when `enabled`; 'unavailable' when refused or unsupported. */
export function useGeolocation(enabled: boolean) {
  const [state, setState] = useState<GeolocationState>({ status: "idle" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    if (!("geolocation" in navigator)) {
      setState({ status: "unavailable" });
      return;
    }
    let cancelled = false;
    setState({ status: "loading" });
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        if (!cancelled) {
          setState({
            status: "ready",
            coords: { latitude: pos.coords.latitude, longitude: pos.coords.longitude },
          });
        }
      },
      () => {
        if (!cancelled) setState({ status: "unavailable" });
      },
      { timeout: 10_000, maximumAge: 10 * 60_000 },
    );
    return () => {
      cancelled = true;
    };
  }, [enabled, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}

/** One-off position read for forms ("use my current location"). */
export function currentPosition(): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    if (!("geolocation" in navigator)) {
      reject(new Error("Location unavailable"));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (pos) => resolve({ latitude: pos.coords.latitude, longitude: pos.coords.longitude }),
      () => reject(new Error("Location unavailable")),
      { timeout: 10_000 },
    );
  });
}
