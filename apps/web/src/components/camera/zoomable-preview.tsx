import { useState, type MouseEvent } from "react";
import { RotateCcw, ZoomIn, ZoomOut } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Preview zoom (spec section 4): 1x to 3x in steps of 0.5, with reset. */
export const PREVIEW_ZOOM_MIN = 1;
export const PREVIEW_ZOOM_MAX = 3;
export const PREVIEW_ZOOM_STEP = 0.5;

/**
 * A photo preview (max 600 px wide) with zoom in, zoom out and reset, a 'Zoom: N%' badge, and
 * panning by hovering (or dragging a finger) when zoomed.
 */
export function ZoomablePreview({
  src,
  alt,
  zoom,
  onZoomChange,
}: {
  src: string;
  alt: string;
  zoom: number;
  onZoomChange: (zoom: number) => void;
}) {
  const [origin, setOrigin] = useState({ x: 50, y: 50 });
  const pan = (e: MouseEvent<HTMLDivElement> | React.PointerEvent<HTMLDivElement>) => {
    if (zoom <= 1) return;
    const r = e.currentTarget.getBoundingClientRect();
    setOrigin({
      x: Math.min(100, Math.max(0, ((e.clientX - r.left) / r.width) * 100)),
      y: Math.min(100, Math.max(0, ((e.clientY - r.top) / r.height) * 100)),
    });
  };
  return (
    <div className="mx-auto w-full max-w-[600px]">
      <div
        className="relative overflow-hidden rounded-lg border border-stone-300 bg-stone-100"
        onMouseMove={pan}
        onPointerMove={pan}
        style={{ cursor: zoom > 1 ? "move" : "default", touchAction: zoom > 1 ? "none" : "auto" }}
      >
        <img
          src={src}
          alt={alt}
          className="block h-auto w-full transition-transform duration-150"
          style={{ transform: `scale(${zoom})`, transformOrigin: `${origin.x}% ${origin.y}%` }}
        />
        <span className="absolute top-2 right-2 rounded bg-black/70 px-2 py-1 text-xs font-semibold text-on-fixed">
          Zoom: {Math.round(zoom * 100)}%
        </span>
      </div>
      <div className="mt-2 flex justify-center gap-2">
        <Button
          variant="secondary"
          size="icon"
          aria-label="Zoom out"
          disabled={zoom <= PREVIEW_ZOOM_MIN}
          onClick={() => onZoomChange(Math.max(PREVIEW_ZOOM_MIN, zoom - PREVIEW_ZOOM_STEP))}
        >
          <ZoomOut aria-hidden />
        </Button>
        <Button
          variant="secondary"
          size="icon"
          aria-label="Zoom in"
          disabled={zoom >= PREVIEW_ZOOM_MAX}
          onClick={() => onZoomChange(Math.min(PREVIEW_ZOOM_MAX, zoom + PREVIEW_ZOOM_STEP))}
        >
          <ZoomIn aria-hidden />
        </Button>
        <Button
          variant="secondary"
          size="icon"
          aria-label="Reset zoom"
          disabled={zoom === 1}
          onClick={() => {
            onZoomChange(1);
            setOrigin({ x: 50, y: 50 });
          }}
        >
          <RotateCcw aria-hidden />
        </Button>
      </div>
    </div>
  );
}
