import { useEffect, useState, useSyncExternalStore } from "react";
import { useHydrated } from "./hydration";

type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: string }>;
};

export const INSTALL_HIDDEN_KEY = "install-prompt-hidden";
export const INSTALL_DELAY_MS = 3000;

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Captures the browser's install offer as early as possible (called from main.tsx). */
export function captureInstallPrompt() {
  window.addEventListener("beforeinstallprompt", (e) => {
    e.preventDefault();
    deferred = e as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener("appinstalled", () => {
    deferred = null;
    hideInstallPermanently();
    emit();
  });
}

/** True when the app already runs as an installed app. */
export function isStandalone(): boolean {
  return ["standalone", "fullscreen", "minimal-ui"].some(
    (m) => window.matchMedia?.(`(display-mode: ${m})`).matches,
  );
}

export function hideInstallPermanently() {
  try {
    localStorage.setItem(INSTALL_HIDDEN_KEY, "true");
  } catch {
    // Private mode: the card simply shows again next time.
  }
}

const installHidden = () => {
  try {
    return localStorage.getItem(INSTALL_HIDDEN_KEY) === "true";
  } catch {
    return false;
  }
};

/** Offers install: the card appears 3 s after the browser offers it, never when installed or dismissed. */
export function useInstallPrompt() {
  const offer = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => deferred,
    () => null,
  );
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!offer || isStandalone() || installHidden()) return;
    const timer = setTimeout(() => setVisible(true), INSTALL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [offer]);
  return {
    visible,
    canPrompt: offer !== null,
    async install(): Promise<"prompted" | "manual"> {
      if (!deferred) return "manual";
      await deferred.prompt();
      const choice = await deferred.userChoice;
      if (choice.outcome === "accepted") hideInstallPermanently();
      deferred = null;
      setVisible(false);
      emit();
      return "prompted";
    },
    dismiss() {
      hideInstallPermanently();
      setVisible(false);
    },
  };
}

/** Which manual steps to show when the browser offers no install prompt. */
export function manualInstallPlatform(ua = navigator.userAgent): "ios" | "android" | "desktop" {
  if (/iphone|ipad|ipod/i.test(ua)) return "ios";
  if (/android/i.test(ua)) return "android";
  return "desktop";
}

/**
 * Online state. Online while prerendering and hydrating, the browser's answer from the render
 * after. When the connection comes back nothing reloads: queries that waited run (TanStack
 * Query's online manager) and the outbox sends what was kept (components/pending-changes.tsx).
 */
export function useOnline(): boolean {
  const hydrated = useHydrated();
  const [online, setOnline] = useState(() => typeof navigator === "undefined" || navigator.onLine);
  useEffect(() => {
    setOnline(navigator.onLine);
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener("online", on);
    window.addEventListener("offline", off);
    return () => {
      window.removeEventListener("online", on);
      window.removeEventListener("offline", off);
    };
  }, []);
  return hydrated ? online : true;
}
