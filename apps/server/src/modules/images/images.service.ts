/**
 * Images: the one place image bytes are decoded, checked and stored. Any module that accepts a
 * photo (bird photos, AI analyses, ads, account import) calls `decodeImagePayload` on what the
 * client sent (a data URL or bare base64) and then `storeImage` (or `reencodeImage`), which decodes
 * it with sharp and re-encodes the pixels as a metadata-free JPEG (no EXIF/GPS), downscaled to fit
 * the given box, and stores it content-addressed by the SHA-256 of the stored bytes in `images`,
 * linking the keeper in `image_owners` (or, for the admin's ad pictures, `admin_images`). Bytes that
 * do not decode are never stored, so a file can never be served as a page.
 *
 * The address (`/api/images/<hash>.jpg`) is not a key: a keeper's photo is served only to its
 * owners (decided by `imageAccess` in access/access.ts); the admin's ad pictures are public.
 *
 * Refusals are AppErrors with the spec's texts: over 10 MB -> 413 'Image size must be less than
 * 10MB'; not a JPEG/PNG/WebP, corrupt, or over the pixel limit -> 400 'Failed to process image.
 * Please try a different photo.'.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { OutputInfo } from "sharp";
import { loadSharp } from "../../lib/sharp";
import {
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_UNREADABLE_MESSAGE,
  MAX_IMAGE_BYTES,
  type StoredImage,
} from "@flockkeeper/shared/schemas/image";
import type { Database } from "../../db/client";
import { adminImages, imageOwners, images } from "../../db/schema/index";
import { AppError, badRequest } from "../../lib/errors";

/** Largest input accepted in pixels (width x height), so a tiny file cannot expand into gigabytes. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Bird photos: at most 1024 wide and 768 tall (spec section 9). */
export const BIRD_PHOTO_BOX = { maxWidth: 1024, maxHeight: 768 } as const;

const HASH_RE = /^[a-f0-9]{64}$/;

export const imageTooLarge = () => new AppError(413, "IMAGE_TOO_LARGE", IMAGE_TOO_LARGE_MESSAGE);
export const imageUnreadable = () => badRequest(IMAGE_UNREADABLE_MESSAGE, "IMAGE_UNREADABLE");

/** The public address of a stored image. */
export const imageUrl = (hash: string) => `/api/images/${hash}.jpg`;

/** The hash inside an `/api/images/<hash>.jpg` address, or null when it is not one. */
export function hashFromImageUrl(url: string | null | undefined): string | null {
  const m = url ? /^\/api\/images\/([a-f0-9]{64})\.jpg$/.exec(url) : null;
  return m ? m[1]! : null;
}

/**
 * Decodes a data URL ("data:image/png;base64,...") or bare base64 into bytes. Throws 413 when the
 * decoded size is over 10 MB and 400 when it is not base64 at all. The content type is checked
 * later, from the bytes themselves.
 */
export function decodeImagePayload(input: string): Buffer {
  let b64 = input.trim();
  const comma = b64.indexOf(",");
  if (b64.startsWith("data:")) {
    if (comma < 0 || !/;base64$/i.test(b64.slice(0, comma))) throw imageUnreadable();
    b64 = b64.slice(comma + 1);
  }
  b64 = b64.replace(/\s+/g, "");
  if (b64.length === 0 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(b64)) throw imageUnreadable();
  // 3 bytes per 4 characters: refuse before allocating anything too big.
  if (Math.floor((b64.length * 3) / 4) > MAX_IMAGE_BYTES + 2) throw imageTooLarge();
  const buffer = Buffer.from(b64, "base64");
  if (buffer.length > MAX_IMAGE_BYTES) throw imageTooLarge();
  return buffer;
}

/** The image type by its first bytes (magic numbers), never by a name or a claimed type. */
export function sniffImageType(buffer: Buffer): "jpeg" | "png" | "webp" | null {
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff)
    return "jpeg";
  if (
    buffer.length >= 8 &&
    buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return "png";
  if (
    buffer.length >= 12 &&
    buffer.toString("latin1", 0, 4) === "RIFF" &&
    buffer.toString("latin1", 8, 12) === "WEBP"
  )
    return "webp";
  return null;
}

export type StoreImageOptions = { maxWidth: number; maxHeight: number; quality?: number };

/** Who keeps an uploaded image alive: a keeper (by user id), or the admin (ad pictures). */
export type ImageOwner = string | { admin: true };

/** Ad pictures: wide banners, at most 1200 x 800. */
export const AD_IMAGE_BOX = { maxWidth: 1200, maxHeight: 800 } as const;

/** Photos arriving in an account import: kept at their size (every box above fits inside). */
export const IMPORT_PHOTO_BOX = { maxWidth: 2048, maxHeight: 2048 } as const;

/**
 * The one decoder of untrusted image bytes: decodes a JPEG, PNG or WebP with sharp (pixel limit
 * against decompression bombs, truncated or corrupt data refused) and re-encodes the pixels as a
 * metadata-free JPEG that fits the box (never enlarged, EXIF orientation applied, transparency on
 * white). Whatever came in (an HTML page, an SVG, a polyglot), only freshly encoded pixels go out.
 * sharp works on libuv's thread pool, so the event loop keeps serving meanwhile.
 */
export async function reencodeImage(
  buffer: Buffer,
  { maxWidth, maxHeight, quality = 90 }: StoreImageOptions,
): Promise<{ data: Buffer; width: number; height: number; hash: string }> {
  if (buffer.length > MAX_IMAGE_BYTES) throw imageTooLarge();
  if (!sniffImageType(buffer)) throw imageUnreadable();
  let out: { data: Buffer; info: OutputInfo };
  try {
    out = await (
      await loadSharp()
    )(buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: maxWidth, height: maxHeight, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // Corrupt data, an unsupported variant, or more pixels than allowed.
    throw imageUnreadable();
  }
  const hash = createHash("sha256").update(out.data).digest("hex");
  return { data: out.data, width: out.info.width, height: out.info.height, hash };
}

/**
 * Re-encodes an uploaded JPEG, PNG or WebP (`reencodeImage`), stores it once by content hash and
 * records `owner` as an owner. Returns its URL and size.
 */
export async function storeImage(
  db: Database,
  owner: ImageOwner,
  buffer: Buffer,
  box: StoreImageOptions,
): Promise<StoredImage & { hash: string }> {
  const out = await reencodeImage(buffer, box);
  const { hash } = out;
  await db
    .insert(images)
    .values({
      hash,
      mime: "image/jpeg",
      width: out.width,
      height: out.height,
      bytes: out.data,
    })
    .onConflictDoNothing();
  if (typeof owner === "string") {
    await db.insert(imageOwners).values({ hash, farmId: owner }).onConflictDoNothing();
  } else {
    await db.insert(adminImages).values({ hash }).onConflictDoNothing();
  }
  return { hash, url: imageUrl(hash), width: out.width, height: out.height };
}

/** What `/api/images/*` may answer: only these types, whatever a row says. */
const SERVED_TYPES = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" } as const;

/**
 * A stored image's bytes and type, or null when there is none with that hash. The type comes from
 * the bytes themselves (JPEG, PNG or WebP), never from the stored `mime`: a row that is not one of
 * them (written before every path re-encoded) is treated as missing. Access is the caller's
 * decision (`imageAccess` in access/access.ts).
 */
export async function loadImage(
  db: Database,
  hash: string,
): Promise<{ mime: (typeof SERVED_TYPES)[keyof typeof SERVED_TYPES]; bytes: Buffer } | null> {
  if (!HASH_RE.test(hash)) return null;
  const [row] = await db
    .select({ bytes: images.bytes })
    .from(images)
    .where(eq(images.hash, hash))
    .limit(1);
  const type = row ? sniffImageType(row.bytes) : null;
  return row && type ? { mime: SERVED_TYPES[type], bytes: row.bytes } : null;
}
