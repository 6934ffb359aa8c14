import { z } from "zod";
import { TEMPERATURE_UNITS, WEIGHT_UNITS } from "../domain/units";
import { saveWeatherPlaceBody, weatherPlace } from "./weather";
import { currencyCode } from "./money";

/*
 * Account: settings, sessions, export/import and deletion (`/api/account/*`).
 */

// The unit vocabulary (F/C, lbs/kg) and its defaults live in domain/units.ts.

/** `GET /api/account/settings` answer. */
export const accountSettings = z.object({
  temperatureUnit: z.enum(TEMPERATURE_UNITS),
  weightUnit: z.enum(WEIGHT_UNITS),
  /** Price of one egg; null = not set (profitability falls back to 0.30). */
  eggPrice: z.number().nullable(),
  /** ISO 4217 code money is recorded and shown in (default USD). */
  currency: z.string(),
  /** The saved weather place (set on the weather page), or null. */
  weatherPlace: weatherPlace.nullable(),
});
export type AccountSettings = z.infer<typeof accountSettings>;

/** `PATCH /api/account/settings` body: any subset; `weatherPlace: null` forgets the saved place. */
export const updateAccountSettingsBody = z
  .object({
    temperatureUnit: z.enum(TEMPERATURE_UNITS, { error: "Temperature unit must be F or C" }),
    weightUnit: z.enum(WEIGHT_UNITS, { error: "Weight unit must be lbs or kg" }),
    eggPrice: z
      .number({ error: "Egg price must be a number" })
      .min(0, { message: "Egg price cannot be negative" })
      .max(1000, { message: "Egg price must be at most 1000" })
      .nullable(),
    currency: currencyCode,
    weatherPlace: saveWeatherPlaceBody.nullable(),
  })
  .partial()
  .strict();
export type UpdateAccountSettingsBody = z.infer<typeof updateAccountSettingsBody>;

/** One of the keeper's active sign-in sessions. */
export const accountSession = z.object({
  /** An opaque id for display and React keys (not the session token or its hash). */
  id: z.string(),
  /** "Chrome on Android", or "Unknown device". */
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;
export const accountSessionList = z.array(accountSession);

/** `POST /api/account/sessions/sign-out-everywhere` answer. */
export const signOutEverywhereResponse = z.object({ ended: z.number().int() });

export { CONFIRM_EMAIL_MISMATCH } from "../domain/account-messages";

/** `DELETE /api/account` body: the keeper's email typed again. */
export const deleteAccountBody = z.object({
  confirmEmail: z
    .string({ error: "Please type your email to confirm" })
    .trim()
    .min(1, { message: "Please type your email to confirm" })
    .max(320),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/** Identifies FlockKeeper export files. */
export const EXPORT_FORMAT = "flockkeeper-export";
/** Version of the export document; bumped when a change would make older servers misread it. */
export const EXPORT_SCHEMA_VERSION = 1;
export { MAX_IMPORT_BYTES } from "../domain/account-import";

/** `POST /api/account/import` answer: rows written per record type. */
export const importAccountResponse = z.object({
  imported: z.record(z.string(), z.number().int()),
  /** Photos the file linked to that are neither embedded nor stored on this server (left out). */
  photosMissing: z.number().int(),
});
export type ImportAccountResponse = z.infer<typeof importAccountResponse>;
