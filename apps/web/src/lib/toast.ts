import { useSyncExternalStore } from "react";

export type ToastInput = {
  title: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
};
export type ToastItem = ToastInput & { id: number; open: boolean };

// One toast at a time (spec): a new one replaces whatever is showing.
let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Shows a toast; it replaces the one on screen. */
export function toast(input: ToastInput) {
  current = { ...input, id: nextId++, open: true };
  emit();
}

/** Closes the toast on screen. */
export function dismissToast() {
  if (current) {
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
