// The delete-account refusal, apart from the zod schemas (schemas/account.ts re-exports it) so the
// Account page's first paint does not load zod for one sentence.

export const CONFIRM_EMAIL_MISMATCH = "The email you typed does not match your account";
