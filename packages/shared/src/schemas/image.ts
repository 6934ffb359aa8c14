import { z } from "zod";

/* Image uploads (see apps/server/src/modules/images). */

/** Largest decoded image accepted, in bytes. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGE_TOO_LARGE_MESSAGE = "Image size must be less than 10MB";
export const IMAGE_UNREADABLE_MESSAGE = "Failed to process image. Please try a different photo.";

/** `POST /api/images`: a data URL ("data:image/jpeg;base64,...") or bare base64. */
export const uploadImageBody = z.object({
  image: z
    .string({ error: "image is required" })
    .min(1, { message: "image is required" })
    // base64 of 10 MB plus a data-URL prefix; the decoded size is checked again on the server.
    .max(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 200, { message: IMAGE_TOO_LARGE_MESSAGE }),
});

/** A stored image: where it is served, and its size after downscaling. */
export const storedImage = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type StoredImage = z.infer<typeof storedImage>;
