import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../config";

// Kept apart from modules/index.ts: route files need these types, and index.ts imports every route
// file, so declaring them there made each module and the index import each other.

/** What app.ts passes to every module's routes function. */
export type ModuleOptions = { config: AppConfig };

/** A feature module's routes function, registered by app.ts through modules/index.ts. */
export type Module = (app: FastifyInstance, opts: ModuleOptions) => Promise<void>;
