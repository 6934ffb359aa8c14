/* Photo preparation in the browser (canvas): resize, enhance and re-encode as a JPEG data URL. */

/** Largest photo accepted by the scanner and breed identifier (spec section 9). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export type ProcessOptions = {
  /** Fit inside this box; never enlarged. */
  maxWidth: number;
  maxHeight: number;
  /** JPEG quality 0-1. */
  quality: number;
  /** Canvas filter, e.g. "contrast(115%) brightness(110%) saturate(110%)". */
  filter?: string;
};

/** Droppings upload (spec section 9): longest side 1024, contrast 115%, brightness 110%, saturation 110%, JPEG 0.95. */
export const DROPPINGS_UPLOAD: ProcessOptions = {
  maxWidth: 1024,
  maxHeight: 1024,
  quality: 0.95,
  filter: "contrast(115%) brightness(110%) saturate(110%)",
};
/** Droppings camera capture: fit 800x600, JPEG 0.85. */
export const DROPPINGS_CAPTURE: ProcessOptions = { maxWidth: 800, maxHeight: 600, quality: 0.85 };
/** Health scanner: max 1024, JPEG 0.95. */
export const SCANNER_PHOTO: ProcessOptions = { maxWidth: 1024, maxHeight: 1024, quality: 0.95 };
/** Breed identifier and flock photos: max 1024 wide or 768 tall, top JPEG quality. */
export const BREED_PHOTO: ProcessOptions = { maxWidth: 1024, maxHeight: 768, quality: 0.95 };

/** Reads a file as a data URL. */
export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("Could not read the file"));
    reader.readAsDataURL(file);
  });
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error("Could not load the image"));
    img.src = src;
  });
}

/** Resizes (and optionally enhances) an image; resolves to a JPEG data URL and whether it was downscaled. */
export async function processImage(
  src: string,
  opts: ProcessOptions,
): Promise<{ dataUrl: string; width: number; height: number; downscaled: boolean }> {
  const img = await loadImage(src);
  const w0 = img.naturalWidth;
  const h0 = img.naturalHeight;
  if (!w0 || !h0) throw new Error("The image has no pixels");
  const scale = Math.min(1, opts.maxWidth / w0, opts.maxHeight / h0);
  const width = Math.max(1, Math.round(w0 * scale));
  const height = Math.max(1, Math.round(h0 * scale));
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("Canvas is not available");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  if (opts.filter) ctx.filter = opts.filter;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(img, 0, 0, width, height);
  const dataUrl = canvas.toDataURL("image/jpeg", opts.quality);
  if (!dataUrl.startsWith("data:image/jpeg")) throw new Error("Could not encode the image");
  return { dataUrl, width, height, downscaled: scale < 1 };
}

/** The base64 part of a data URL (the breed and scanner endpoints take it without the prefix). */
export const stripDataUrlPrefix = (dataUrl: string) => dataUrl.slice(dataUrl.indexOf(",") + 1);
