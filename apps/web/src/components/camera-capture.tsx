// The shared camera overlay and photo helpers: features import them from here, so features never
// import each other.
export {
  CameraCapture,
  type CameraCaptureProps,
  CAMERA_ZOOM_MAX,
  CAMERA_ZOOM_MIN,
  CAMERA_ZOOM_STEP,
} from "@/features/camera/components/camera-capture";
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
