import { loadSharp } from "../lib/sharp";
import {
  INVALID_IMAGE_MESSAGE,
  UNPROCESSABLE_IMAGE_MESSAGE,
} from "@flockkeeper/shared/schemas/analysis";
import { AppError, badRequest } from "../lib/errors";
import {
  MAX_INPUT_PIXELS,
  decodeImagePayload,
  sniffImageType,
} from "../modules/images/images.service";

/** A checked photo: its bytes and its size as declared by the file. */
export type AnalysisImage = { buffer: Buffer; width: number; height: number };

/** Pixels for the offline analysers: interleaved RGB, downscaled so the longest side is at most `size`. */
export type PixelSample = { data: Buffer; width: number; height: number };

export const invalidImage = () => badRequest(INVALID_IMAGE_MESSAGE, "INVALID_IMAGE");
export const unprocessableImage = () => badRequest(UNPROCESSABLE_IMAGE_MESSAGE, "IMAGE_UNREADABLE");

/**
 * Decodes what the client sent (data URL or bare base64) and checks it from its bytes: a JPEG, PNG
 * or WebP of at most 10 MB and at most 50 megapixels (the header is read, nothing is decoded yet).
 */
export async function readAnalysisImage(payload: string): Promise<AnalysisImage> {
  let buffer: Buffer;
  try {
    buffer = decodeImagePayload(payload);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 400) throw invalidImage();
    throw err;
  }
  if (!sniffImageType(buffer)) throw invalidImage();
  let width = 0;
  let height = 0;
  try {
    const meta = await (await loadSharp())(buffer).metadata();
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
  } catch {
    throw unprocessableImage();
  }
  if (!width || !height || width * height > MAX_INPUT_PIXELS) throw unprocessableImage();
  return { buffer, width, height };
}

/** The photo as a metadata-free JPEG whose longest side is at most `maxSide` (what a model is sent). */
export async function toModelJpeg(img: AnalysisImage, maxSide = 1024): Promise<Buffer> {
  try {
    return await (
      await loadSharp()
    )(img.buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 90 })
      .toBuffer();
  } catch {
    throw unprocessableImage();
  }
}

/**
 * Downscaled sRGB pixels for the offline analysers. A JPEG is shrunk while it is decoded
 * (libjpeg scaling), which keeps a 12-megapixel photo well under the time budget.
 */
export async function samplePixels(img: AnalysisImage, size = 256): Promise<PixelSample> {
  try {
    const { data, info } = await (
      await loadSharp()
    )(img.buffer, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: "error",
      sequentialRead: true,
    })
      .rotate()
      .resize({ width: size, height: size, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw unprocessableImage();
  }
}
