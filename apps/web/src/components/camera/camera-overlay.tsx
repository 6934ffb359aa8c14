import { useCallback, useEffect, useRef, useState } from "react";
import { Camera, FlipHorizontal, Minus, Plus, Zap, ZapOff } from "lucide-react";
import { Dialog } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";

/** Spec section 5 and 9: zoom 1x-5x step 0.5; capture JPEG 0.9; video ideal 1920x1080. */
export const CAMERA_ZOOM_MIN = 1;
export const CAMERA_ZOOM_MAX = 5;
export const CAMERA_ZOOM_STEP = 0.5;
export const CAPTURE_QUALITY = 0.9;

export type CameraCaptureProps = {
  open: boolean;
  onClose: () => void;
  /** Receives a JPEG data URL; the stream is already stopped. */
  onCapture: (dataUrl: string) => void;
  title?: string;
  subtitle?: string;
  /** Text over the dashed frame. */
  hint?: string;
};

type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean };

/**
 * The shared camera overlay: live video in a dashed frame, zoom, camera switch, flash when the
 * device has a torch, and capture (disabled until the video is ready). Every track is stopped on
 * capture and on close.
 */
export function CameraOverlay({
  open,
  onClose,
  onCapture,
  title = "Take Photo",
  subtitle,
  hint = "Position the subject in the frame",
}: CameraCaptureProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [ready, setReady] = useState(false);
  const [zoom, setZoom] = useState(1);
  const [facing, setFacing] = useState<"environment" | "user">("environment");
  const [torchSupported, setTorchSupported] = useState(false);
  const [torchOn, setTorchOn] = useState(false);
  const [failed, setFailed] = useState(false);

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setReady(false);
    setTorchOn(false);
  }, []);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setFailed(false);
    setReady(false);
    // The async start handles its own failures (toast + retry button).
    void (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setFailed(true);
        toast({
          title: "Camera Error",
          description: "Unable to access camera. Please check permissions.",
          variant: "destructive",
        });
        return;
      }
      try {
        const stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: facing, width: { ideal: 1920 }, height: { ideal: 1080 } },
          audio: false,
        });
        if (cancelled) {
          stream.getTracks().forEach((t) => t.stop());
          return;
        }
        streamRef.current = stream;
        const track = stream.getVideoTracks()[0];
        const caps = (track?.getCapabilities?.() ?? {}) as TorchCapabilities;
        setTorchSupported(Boolean(caps.torch));
        const video = videoRef.current;
        if (video) {
          video.srcObject = stream;
          await video.play().catch(() => undefined);
        }
      } catch (err) {
        if (cancelled) return;
        setFailed(true);
        const denied = err instanceof DOMException && err.name === "NotAllowedError";
        toast(
          denied
            ? {
                title: "Camera access denied",
                description: "Please allow camera access to take photos",
                variant: "destructive",
              }
            : {
                title: "Camera Error",
                description: "Unable to access camera. Please check permissions.",
                variant: "destructive",
              },
        );
      }
    })();
    return () => {
      cancelled = true;
      stop();
    };
  }, [open, facing, stop]);

  const close = () => {
    stop();
    setZoom(1);
    onClose();
  };

  const toggleTorch = async () => {
    const track = streamRef.current?.getVideoTracks()[0];
    if (!track || !torchSupported) {
      toast({ title: "Flash Unavailable", description: "Flash is not supported on this device" });
      return;
    }
    try {
      await track.applyConstraints({ advanced: [{ torch: !torchOn } as MediaTrackConstraintSet] });
      setTorchOn(!torchOn);
    } catch {
      toast({
        title: "Flash Error",
        description: "Unable to control flash on this device",
        variant: "destructive",
      });
    }
  };

  const capture = () => {
    const video = videoRef.current;
    if (!video || !streamRef.current || !ready) {
      toast({ title: "Camera not ready. Please try again.", variant: "destructive" });
      return;
    }
    const vw = video.videoWidth;
    const vh = video.videoHeight;
    if (!vw || !vh) {
      toast({ title: "Video not ready. Wait a moment and try again.", variant: "destructive" });
      return;
    }
    // Digital zoom: keep the centre 1/zoom of the frame, as the preview shows it.
    const cw = Math.round(vw / zoom);
    const ch = Math.round(vh / zoom);
    const canvas = document.createElement("canvas");
    canvas.width = cw;
    canvas.height = ch;
    const ctx = canvas.getContext("2d");
    if (!ctx) {
      toast({ title: "Camera not ready. Please try again.", variant: "destructive" });
      return;
    }
    ctx.drawImage(video, (vw - cw) / 2, (vh - ch) / 2, cw, ch, 0, 0, cw, ch);
    const dataUrl = canvas.toDataURL("image/jpeg", CAPTURE_QUALITY);
    stop();
    setZoom(1);
    toast({
      title: "Photo Captured",
      description: "Photo captured successfully!",
      variant: "success",
    });
    onCapture(dataUrl);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title={title}
      description={subtitle}
      className="max-w-2xl"
    >
      <div className="relative aspect-[4/3] overflow-hidden rounded-lg bg-black">
        <video
          ref={videoRef}
          playsInline
          muted
          aria-label="Live camera view"
          onLoadedMetadata={(e) => {
            if (e.currentTarget.videoWidth > 0) setReady(true);
          }}
          onPlaying={(e) => {
            if (e.currentTarget.videoWidth > 0) setReady(true);
          }}
          className="h-full w-full object-cover transition-transform"
          style={{ transform: `scale(${zoom})` }}
        />
        <div className="pointer-events-none absolute inset-6 flex items-start justify-center rounded-lg border-2 border-dashed border-on-fixed/80">
          <span className="mt-2 rounded bg-black/60 px-2 py-1 text-sm text-on-fixed">{hint}</span>
        </div>
        {!ready && (
          <div
            className="absolute inset-0 flex items-center justify-center text-on-fixed"
            role="status"
          >
            {failed ? "Camera unavailable" : "Loading camera..."}
          </div>
        )}
        <span className="absolute right-2 bottom-2 rounded bg-black/60 px-2 py-1 text-xs text-on-fixed">
          {zoom}x
        </span>
      </div>
      {failed && (
        <div
          className="mt-3 rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="camera-permission-help"
        >
          <p className="font-bold">Camera Permissions Help</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            <li>
              Chrome / Edge: click the camera or lock icon in the address bar and allow the camera.
            </li>
            <li>Safari: Safari menu, Settings for This Website, Camera: Allow.</li>
            <li>Mobile: open the phone&apos;s Settings, find your browser, and allow Camera.</li>
            <li>After changing a permission, refresh this page. You can also upload a photo.</li>
          </ul>
        </div>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-center gap-2">
        <Button
          variant="secondary"
          size="icon"
          aria-label="Zoom out"
          disabled={zoom <= CAMERA_ZOOM_MIN}
          onClick={() => setZoom((z) => Math.max(CAMERA_ZOOM_MIN, z - CAMERA_ZOOM_STEP))}
        >
          <Minus aria-hidden />
        </Button>
        <Button
          variant="secondary"
          size="icon"
          aria-label="Zoom in"
          disabled={zoom >= CAMERA_ZOOM_MAX}
          onClick={() => setZoom((z) => Math.min(CAMERA_ZOOM_MAX, z + CAMERA_ZOOM_STEP))}
        >
          <Plus aria-hidden />
        </Button>
        <Button
          variant="secondary"
          size="icon"
          aria-label="Switch camera"
          onClick={() => setFacing((f) => (f === "environment" ? "user" : "environment"))}
        >
          <FlipHorizontal aria-hidden />
        </Button>
        {torchSupported && (
          <Button
            variant="secondary"
            size="icon"
            aria-label={torchOn ? "Turn flash off" : "Turn flash on"}
            aria-pressed={torchOn}
            onClick={toggleTorch}
          >
            {torchOn ? <ZapOff aria-hidden /> : <Zap aria-hidden />}
          </Button>
        )}
      </div>
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
        <Button onClick={capture} disabled={!ready} data-track="Capture Photo">
          <Camera aria-hidden /> Capture Photo
        </Button>
      </div>
    </Dialog>
  );
}
