import { Camera, ImagePlus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { IMAGE_UNREADABLE_MESSAGE } from "@flockkeeper/shared/schemas/image";
import { Button } from "@/components/ui/button";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { toast } from "@/lib/toast";
import { uploadImage } from "../api/upload-image";
import { resizePhoto } from "../lib/resize-image";

/**
 * A bird's photo: choose a file or take one with the phone's camera. The photo is downscaled in the
 * browser (max 1024x768 JPEG), stored by the server, and the field keeps the server's address.
 * Offline (signed in), the field keeps the downscaled photo itself: saved with the bird, it waits
 * in the outbox as a Blob and is sent with the bird when the connection returns.
 */
export function PhotoField({
  value,
  onChange,
  onBusyChange,
}: {
  value: string | null;
  onChange: (url: string | null) => void;
  onBusyChange?: (busy: boolean) => void;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const { isAuthenticated } = useAuth();
  const kept = value?.startsWith("data:") ?? false;

  const handle = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    setBusy(true);
    onBusyChange?.(true);
    try {
      const dataUrl = await resizePhoto(file);
      if (!navigator.onLine && isAuthenticated) {
        onChange(dataUrl);
        return;
      }
      const stored = await uploadImage(dataUrl).catch((err: unknown) => {
        // No answer (the signal dropped): kept with the bird like a photo taken offline.
        if (err instanceof ApiError && err.status === 0 && isAuthenticated) return null;
        throw new Error(errorMessage(err) || IMAGE_UNREADABLE_MESSAGE);
      });
      onChange(stored ? stored.url : dataUrl);
    } catch (err) {
      toast({
        title: "Photo not added",
        description: (err as Error).message,
        variant: "destructive",
      });
    } finally {
      setBusy(false);
      onBusyChange?.(false);
    }
  };

  return (
    <div>
      <span className="mb-1 block text-sm font-semibold text-stone-800">Photo (optional)</span>
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <img
            src={value}
            alt="Bird photo"
            className="h-20 w-20 rounded-lg border border-stone-200 object-cover"
          />
        ) : (
          <div className="flex h-20 w-20 items-center justify-center rounded-lg border border-dashed border-stone-400 text-xs text-stone-600">
            No photo
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() => fileRef.current?.click()}
          >
            <ImagePlus size={16} aria-hidden /> {busy ? "Processing..." : "Choose photo"}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() => cameraRef.current?.click()}
          >
            <Camera size={16} aria-hidden /> Take photo
          </Button>
          {value && (
            <Button variant="ghost" size="sm" disabled={busy} onClick={() => onChange(null)}>
              <Trash2 size={16} aria-hidden /> Remove photo
            </Button>
          )}
        </div>
      </div>
      {kept && (
        <p role="status" data-testid="photo-kept" className="mt-2 text-sm text-stone-700">
          Offline: this photo waits on this phone and is sent with the bird when you are back
          online.
        </p>
      )}
      <input
        ref={fileRef}
        type="file"
        accept="image/*"
        className="sr-only"
        aria-label="Choose a photo file"
        tabIndex={-1}
        data-testid="photo-input"
        onChange={(e) => void handle(e.currentTarget)}
      />
      <input
        ref={cameraRef}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        aria-label="Take a photo with the camera"
        tabIndex={-1}
        onChange={(e) => void handle(e.currentTarget)}
      />
    </div>
  );
}
