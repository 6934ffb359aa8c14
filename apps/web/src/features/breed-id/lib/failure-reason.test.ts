import { describe, expect, it } from "vitest";
import { breedFailureReason } from "./failure-reason";

describe("breedFailureReason", () => {
  it("maps server messages to the spec's reasons", () => {
    expect(breedFailureReason("Could not process image: the photo is damaged")).toMatch(
      /format wasn't recognized/,
    );
    expect(breedFailureReason("Request timeout - the AI provider did not answer")).toMatch(
      /^Connection timed out/,
    );
    expect(breedFailureReason("Network error - please check your internet connection")).toMatch(
      /^Connection timed out/,
    );
    expect(breedFailureReason("Invalid image: please send a JPEG, PNG or WebP photo.")).toBe(
      "Please select a valid image file (JPEG, PNG, or WebP format).",
    );
    expect(breedFailureReason("Failed to analyze the image. Please try again.")).toBe(
      "Unable to identify the bird breed from this image.",
    );
    expect(breedFailureReason(undefined)).toBe(
      "Unable to identify the bird breed from this image.",
    );
  });
});
