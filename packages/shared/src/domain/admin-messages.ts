// The admin gate's refusal, apart from the zod schemas (schemas/admin.ts re-exports it) so the
// /admin page's first paint does not load zod for one sentence.

export const ADMIN_DENIED_MESSAGE = "Access Denied: Invalid admin password.";
