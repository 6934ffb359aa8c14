import { useSyncExternalStore } from "react";

export type ToastInput = {
  title: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
  /** A button in the toast (e.g. "Undo"); pressing it runs `onClick` and closes the toast. */
  action?: { label: string; onClick: () => void };
  /** How long it shows, in ms (default 5 s). */
  duration?: number;
};
export type ToastItem = ToastInput & { id: number; open: boolean };

// One toast at a time (spec): a new one replaces whatever is showing.
let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Shows a toast; it replaces the one on screen. Returns its id (for `dismissToast`). */
export function toast(input: ToastInput): number {
  current = { ...input, id: nextId++, open: true };
  emit();
  return current.id;
}

/** Closes the toast on screen (only if it is still toast `id`, when given). */
export function dismissToast(id?: number) {
  if (current && (id === undefined || current.id === id)) {
    current = { ...current, open: false };
    emit();
  }
}

export function useToastState(): ToastItem | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}
