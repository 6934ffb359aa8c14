import { useCallback, useState } from "react";

/**
 * A value kept in local storage (the weather units until account settings exist, and a signed-out
 * visitor's place). Invalid or missing stored values give `fallback`.
 */
export function useLocalSetting<T>(
  key: string,
  fallback: T,
  isValid: (value: unknown) => value is T,
) {
  const [value, setValue] = useState<T>(() => {
    try {
      const raw = localStorage.getItem(key);
      if (raw === null) return fallback;
      const parsed: unknown = JSON.parse(raw);
      return isValid(parsed) ? parsed : fallback;
    } catch {
      return fallback;
    }
  });
  const update = useCallback(
    (next: T | null) => {
      try {
        if (next === null) localStorage.removeItem(key);
        else localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Private mode or full storage: keep the value for this visit only.
      }
      setValue(next ?? fallback);
    },
    [key, fallback],
  );
  return [value, update] as const;
}
