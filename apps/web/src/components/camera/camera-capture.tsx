import { lazy, Suspense, useState } from "react";
import type { CameraCaptureProps } from "./camera-overlay";

export type { CameraCaptureProps };

// The camera overlay (and its dialog code) loads the first time it opens, not with the page.
const CameraOverlay = lazy(() =>
  import("./camera-overlay").then((m) => ({ default: m.CameraOverlay })),
);

/** The camera overlay; renders nothing, and downloads nothing, until it is first opened. */
export function CameraCapture(props: CameraCaptureProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <CameraOverlay {...props} />
    </Suspense>
  );
}
