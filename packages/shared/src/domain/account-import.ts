// The account import's size limit, apart from the zod schemas (schemas/account.ts re-exports it):
// the Account page checks a chosen file against it before sending, and importing the schema module
// for one number put zod in that page's first-paint JavaScript (151 KB gzip, budget 150).

/** Largest import accepted (a JSON export with embedded photos stays well under this). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
