import type { PixelSample } from "../image";

/** Hue in degrees 0-360, saturation and value 0-1. */
export type Hsv = { h: number; s: number; v: number };

/** RGB (0-255) to HSV. */
export function rgbToHsv(r: number, g: number, b: number): Hsv {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  let h = 0;
  if (d > 0) {
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
    if (h < 0) h += 360;
  }
  return { h, s: max === 0 ? 0 : d / max, v: max / 255 };
}

/** Relative luminance-like brightness 0-255. */
export const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

/** Image-quality measures every offline result reports. */
export type ImageQuality = {
  /** Mean brightness 0-1. */
  brightness: number;
  /** Standard deviation of brightness 0-1. */
  contrast: number;
  /** Mean absolute Laplacian of brightness (0-255 scale); low means blurred or featureless. */
  sharpness: number;
  /** Size of the original photo. */
  width: number;
  height: number;
  problems: string[];
};

/** Per-pixel brightness of a sample. */
export function lumaPlane(px: PixelSample): Float32Array {
  const n = px.width * px.height;
  const out = new Float32Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 3)
    out[i] = luma(px.data[j]!, px.data[j + 1]!, px.data[j + 2]!);
  return out;
}

/** Mean absolute 4-neighbour Laplacian over the pixels where `mask` is set (all when omitted). */
export function laplacianEnergy(l: Float32Array, w: number, h: number, mask?: Uint8Array): number {
  let sum = 0;
  let count = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (mask && !mask[i]) continue;
      sum += Math.abs(4 * l[i]! - l[i - 1]! - l[i + 1]! - l[i - w]! - l[i + w]!);
      count++;
    }
  }
  return count ? sum / count : 0;
}

/** Brightness, contrast and sharpness of the sample, with plain-language problems for the keeper. */
export function imageQuality(
  px: PixelSample,
  original: { width: number; height: number },
): ImageQuality {
  const l = lumaPlane(px);
  let sum = 0;
  let sq = 0;
  for (const v of l) {
    sum += v;
    sq += v * v;
  }
  const n = l.length || 1;
  const mean = sum / n;
  const std = Math.sqrt(Math.max(0, sq / n - mean * mean));
  const sharpness = laplacianEnergy(l, px.width, px.height);
  const problems: string[] = [];
  if (mean < 45) problems.push("The photo is very dark; take it in daylight or brighter light.");
  if (mean > 235)
    problems.push("The photo is very bright or washed out; avoid direct flash or glare.");
  if (std < 12) problems.push("The photo has very little contrast, so colours are hard to judge.");
  if (sharpness < 1.2)
    problems.push(
      "The photo looks blurred or featureless; hold the camera steady and tap to focus.",
    );
  if (Math.max(original.width, original.height) < 320)
    problems.push("The photo is small; a larger photo (at least 640 pixels) gives a better check.");
  return {
    brightness: mean / 255,
    contrast: std / 255,
    sharpness,
    width: original.width,
    height: original.height,
    problems,
  };
}

/**
 * Marks the subject: pixels that differ from the photo's border colour (the ground or background
 * around a dropping, or behind a bird). When the border is too varied, or almost nothing differs
 * from it, every pixel counts as subject.
 */
export function foregroundMask(px: PixelSample): { mask: Uint8Array; fraction: number } {
  const { data, width: w, height: h } = px;
  const n = w * h;
  const band = Math.max(1, Math.round(Math.min(w, h) * 0.08));
  let sr = 0;
  let sg = 0;
  let sb = 0;
  let count = 0;
  const border: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (y >= band && y < h - band && x >= band && x < w - band) continue;
      const j = (y * w + x) * 3;
      sr += data[j]!;
      sg += data[j + 1]!;
      sb += data[j + 2]!;
      border.push(j);
      count++;
    }
  }
  const mr = sr / count;
  const mg = sg / count;
  const mb = sb / count;
  let spread = 0;
  for (const j of border) {
    spread += Math.hypot(data[j]! - mr, data[j + 1]! - mg, data[j + 2]! - mb);
  }
  spread /= count;
  const all = () => ({ mask: new Uint8Array(n).fill(1), fraction: 1 });
  if (spread > 45) return all();
  const threshold = Math.max(40, spread * 2.5);
  const mask = new Uint8Array(n);
  let fg = 0;
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    if (Math.hypot(data[j]! - mr, data[j + 1]! - mg, data[j + 2]! - mb) > threshold) {
      mask[i] = 1;
      fg++;
    }
  }
  if (fg < n * 0.03) return all();
  return { mask, fraction: fg / n };
}

/** Rounds to `digits` decimals. */
export const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Percent text for a 0-1 fraction. */
export const pct = (x: number) => `${Math.round(x * 100)}%`;
