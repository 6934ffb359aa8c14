import { z } from "zod";

/** The signed-in keeper as the web app sees them (`GET /api/auth/user`). */
export const authUser = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type AuthUser = z.infer<typeof authUser>;

/** `GET /api/login` query: where to return after signing in (a path on this site only). */
export const loginQuery = z.object({
  returnTo: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)[^\s\\]*$/, "returnTo must be a path on this site")
    .optional(),
});

const emailField = z
  .email("Please enter a valid email address")
  .trim()
  .toLowerCase()
  .max(254, "Email is too long");
const passwordField = z
  .string("Please enter your password")
  .min(1, "Please enter your password")
  .max(200, "Password is too long");
/** A new password; the server also refuses common passwords and the email itself. */
export const newPasswordField = z
  .string("Please choose a password")
  .min(10, "Use at least 10 characters for your password")
  .max(200, "Password is too long");

/** The built-in provider's sign-in form. */
export const builtinSignInForm = z.object({ email: emailField, password: passwordField });

/** The built-in provider's create-account form. */
export const builtinCreateAccountForm = z.object({
  name: z
    .string("Please enter your name")
    .trim()
    .min(1, "Please enter your name")
    .max(100, "Name is too long"),
  email: emailField,
  password: newPasswordField,
});

/** The recovery form: a one-time code and the new password it sets. */
export const builtinRecoverForm = z.object({
  email: emailField,
  code: z
    .string("Please enter a recovery code")
    .trim()
    .min(1, "Please enter a recovery code")
    .max(40, "That is not a recovery code"),
  newPassword: newPasswordField,
});

const b64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, "Expected base64url");

/** A WebAuthn assertion as @simplewebauthn/browser's startAuthentication returns it. */
export const passkeyAssertion = z.looseObject({
  id: b64url.min(1),
  rawId: b64url.min(1),
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
});

/** A WebAuthn attestation as @simplewebauthn/browser's startRegistration returns it. */
export const passkeyAttestation = z.looseObject({
  id: b64url.min(1),
  rawId: b64url.min(1),
  type: z.literal("public-key"),
  response: z.looseObject({
    clientDataJSON: b64url,
    attestationObject: b64url,
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
});

export const passkeyAssertionBody = z.object({ response: passkeyAssertion });

/** `POST /api/auth/passkeys`: a new passkey for the signed-in keeper. */
export const addPasskeyBody = z.object({
  response: passkeyAttestation,
  name: z.string().trim().min(1, "Please name this passkey").max(60, "Name is too long").optional(),
});

/** `POST /api/auth/password`. */
export const changePasswordBody = z.object({
  currentPassword: passwordField,
  newPassword: newPasswordField,
});

export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** `POST /api/auth/reauth`: prove it is still you, with your password. */
export const reauthBody = z.object({ password: passwordField });
export type ReauthBody = z.infer<typeof reauthBody>;

export const passkeyIdParams = z.object({ id: b64url.min(1).max(1024) });

/** `GET /api/auth/security`: what the Account page shows about signing in. */
export const accountSecurity = z.object({
  /** "local": a built-in account (password, passkeys, codes); "external": another provider. */
  kind: z.enum(["local", "external"]),
  emailVerified: z.boolean(),
  passkeys: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      createdAt: z.iso.datetime({ offset: true }),
      lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
    }),
  ),
  recoveryCodesLeft: z.number().int().nullable(),
  /** Until when risky actions (delete, export, import, password change) need no re-authentication. */
  recentAuthUntil: z.iso.datetime({ offset: true }),
  signIns: z.array(
    z.object({
      at: z.iso.datetime({ offset: true }),
      /** password, passkey, recovery_code or external. */
      method: z.string(),
      /** The browser's User-Agent; `describeDevice` (domain/device.ts) turns it into words. */
      userAgent: z.string().nullable(),
      /** The network address the sign-in came from. */
      address: z.string().nullable(),
    }),
  ),
});
export type AccountSecurity = z.infer<typeof accountSecurity>;

export const recoveryCodesResponse = z.object({ codes: z.array(z.string()) });
export const reauthResponse = z.object({ recentAuthUntil: z.iso.datetime({ offset: true }) });
