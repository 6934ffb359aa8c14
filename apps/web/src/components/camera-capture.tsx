// The shared camera overlay and photo helpers: features import them from here, so features never
// import each other.
import { lazy, Suspense, useState } from "react";
import type { CameraCaptureProps } from "@/features/camera/components/camera-capture";

export type { CameraCaptureProps };

// The camera overlay (and its dialog code) loads the first time it opens, not with the page.
const CameraOverlay = lazy(() =>
  import("@/features/camera/components/camera-capture").then((m) => ({
    default: m.CameraCapture,
  })),
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

export {
  BREED_PHOTO,
  DROPPINGS_CAPTURE,
  DROPPINGS_UPLOAD,
  MAX_PHOTO_BYTES,
  processImage,
  readFileAsDataUrl,
  SCANNER_PHOTO,
  stripDataUrlPrefix,
  type ProcessOptions,
} from "@/features/camera/lib/image";
export { ZoomablePreview } from "@/features/camera/components/zoomable-preview";
