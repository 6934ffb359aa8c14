import { useMutation } from "@tanstack/react-query";
import type { StoredImage } from "@flockkeeper/shared/schemas/image";
import { apiSend } from "@/lib/api-client";

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () =>
      reject(new Error("Failed to process image. Please try a different photo."));
    reader.readAsDataURL(file);
  });

/**
 * Uploads an ad picture through the same image pipeline as bird photos, as the admin (who may have
 * come in through the password gate without signing in as a keeper).
 */
export const uploadAdImage = async (file: File) =>
  apiSend<StoredImage>("POST", "/api/admin/images", { image: await readAsDataUrl(file) });

export const useUploadAdImage = () => useMutation({ mutationFn: uploadAdImage, retry: false });
