import type { z } from "zod";

/** What the vision model is asked to look at. */
export type VisionTask = "droppings" | "health" | "breed";

/** One request to a vision model: a photo, instructions, and the zod schema its answer must match. */
export type VisionRequest<T> = {
  task: VisionTask;
  /** Name of the JSON schema sent to the provider (letters, digits, _ and -). */
  schemaName: string;
  schema: z.ZodType<T>;
  system: string;
  prompt: string;
  /** JPEG bytes (already downscaled and stripped of metadata). */
  jpeg: Buffer;
};

/** A vision model that answers with JSON matching the request's schema, or throws an AiError. */
export interface VisionProvider {
  readonly name: string;
  analyze<T>(request: VisionRequest<T>): Promise<T>;
}

export type AiErrorCode = "AI_TIMEOUT" | "AI_UNAVAILABLE" | "AI_PROVIDER_ERROR" | "AI_BAD_ANSWER";

/** Provider failures, each with a message safe to show a keeper. */
export class AiError extends Error {
  constructor(
    readonly code: AiErrorCode,
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

export const aiTimeout = (seconds: number) =>
  new AiError(
    "AI_TIMEOUT",
    `Request timeout - the AI provider did not answer within ${seconds} seconds. Please try again.`,
    504,
  );
export const aiUnavailable = () =>
  new AiError(
    "AI_UNAVAILABLE",
    "The AI provider could not be reached (network error). Please try again later.",
    502,
  );
export const aiProviderError = (status: number) =>
  new AiError(
    "AI_PROVIDER_ERROR",
    `The AI provider returned an error (HTTP ${status}). Please try again later.`,
    502,
  );
/** The spec's failure text, after one retry of a malformed answer. */
export const aiBadAnswer = () =>
  new AiError(
    "AI_BAD_ANSWER",
    "Failed to analyze the image. Please try again. (The AI answer could not be read.)",
    502,
  );
