import { useEffect, useRef, useState } from "react";
import type { OutboxPhoto, Queued } from "./outbox";

/**
 * Photo analyses (health check, droppings, breed ID) offline: for a signed-in keeper the photo is
 * kept on this phone (lib/outbox.ts, as a Blob) and the analysis runs when the connection returns,
 * once, under its Idempotency-Key; its result shows on the page if it is still open, and in the
 * keeper's history either way. Nothing is made up meanwhile. Signed out, it needs a connection.
 * The outbox loads only when an analysis is asked for, outside the page's first paint.
 */

/** Sends the analysis now, or keeps it (offline, or when the request got no answer). */
export async function sendPhotoAnalysis<T>(
  url: string,
  body: object,
  photo: OutboxPhoto,
  label: string,
  /** The signed-in keeper (null signed out: then it needs a connection). */
  userId: string | null,
): Promise<T | Queued> {
  const { knowOutboxUser, sendOrQueue } = await import("./outbox");
  knowOutboxUser(userId);
  return sendOrQueue<T>("POST", url, body, label, undefined, photo);
}

export const isKept = (v: unknown): v is Queued =>
  typeof v === "object" && v !== null && (v as { queued?: unknown }).queued === true;

export const KEPT_OFFLINE_MESSAGE =
  "You are offline: the photo is kept on this phone and analysed when you are back online.";

export const KEPT_ANALYSIS_MESSAGE =
  "Kept on this phone: the photo is analysed when you are back online. The result shows here and in your history.";

/**
 * The analysis this page kept, if any; `onAnswer` gets the server's answer when the outbox sends
 * it (while the page is open).
 */
export function useKeptAnalysis<T>(onAnswer: (answer: T) => void) {
  const [kept, setKept] = useState<string | null>(null);
  const latest = useRef(onAnswer);
  useEffect(() => {
    latest.current = onAnswer;
  });
  useEffect(() => {
    if (!kept) return;
    let live = true;
    let off: (() => unknown) | undefined;
    void import("./outbox").then(({ outbox }) => {
      if (!live) return;
      off = outbox.onSent((key, answer) => {
        if (key !== kept) return;
        setKept(null);
        latest.current(answer as T);
      });
    });
    return () => {
      live = false;
      off?.();
    };
  }, [kept]);
  return { kept, setKept };
}
