/** Spec section 8: the keeper-facing reason for a failed breed identification, from the server message. */
export function breedFailureReason(serverMessage: string | null | undefined): string {
  const m = serverMessage ?? "";
  if (m.includes("Could not process image"))
    return "The image format wasn't recognized. Please try a clearer photo with good lighting.";
  if (/timeout|network/i.test(m))
    return "Connection timed out. Please check your internet connection and try again.";
  if (m.includes("Invalid image"))
    return "Please select a valid image file (JPEG, PNG, or WebP format).";
  return "Unable to identify the bird breed from this image.";
}
