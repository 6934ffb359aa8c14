import {
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_UNREADABLE_MESSAGE,
  MAX_IMAGE_BYTES,
} from "@flockkeeper/shared/schemas/image";

/** Flock photos: at most 1024 wide and 768 tall (spec section 9). */
export const FLOCK_PHOTO_MAX = { width: 1024, height: 768 } as const;

/** Width and height that fit inside the box, keeping the aspect ratio and never enlarging. */
export function fitInside(width: number, height: number, maxWidth: number, maxHeight: number) {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * Reads a chosen photo and downscales it to a JPEG data URL that fits 1024x768. Throws an Error with
 * the spec's message for a file over 10 MB or one the browser cannot read as an image.
 */
export async function resizePhoto(file: File): Promise<string> {
  if (file.size > MAX_IMAGE_BYTES) throw new Error(IMAGE_TOO_LARGE_MESSAGE);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(IMAGE_UNREADABLE_MESSAGE);
  }
  try {
    const { width, height } = fitInside(
      bitmap.width,
      bitmap.height,
      FLOCK_PHOTO_MAX.width,
      FLOCK_PHOTO_MAX.height,
    );
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error(IMAGE_UNREADABLE_MESSAGE);
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, width, height);
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(bitmap, 0, 0, width, height);
    return canvas.toDataURL("image/jpeg", 0.95);
  } catch {
    throw new Error(IMAGE_UNREADABLE_MESSAGE);
  } finally {
    bitmap.close();
  }
}
