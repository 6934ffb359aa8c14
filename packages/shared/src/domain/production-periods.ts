// A leaf module (imports nothing): the production schema validates `?period=` with these and the
// dashboard offers them, without the schema and the production maths importing each other.

/**
 * The dashboard's period choices in days (spec section 9; default 7). Kept free of zod so the browser
 * can load them without the schema library; `schemas/production.ts` validates with them.
 */
export const PRODUCTION_PERIODS = [7, 14, 30, 90] as const;
export type ProductionPeriod = (typeof PRODUCTION_PERIODS)[number];
export const DEFAULT_PRODUCTION_PERIOD: ProductionPeriod = 7;
