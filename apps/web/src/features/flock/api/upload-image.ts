import type { StoredImage } from "@flockkeeper/shared/schemas/image";
import { apiSend } from "@/lib/api-client";

/** `POST /api/images`: stores a photo (data URL) and answers its address. */
export const uploadImage = (dataUrl: string) =>
  apiSend<StoredImage>("POST", "/api/images", { image: dataUrl });
