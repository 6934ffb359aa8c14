import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  MAX_IMPORT_BYTES,
  accountSessionList,
  accountSettings,
  deleteAccountBody,
  importAccountResponse,
  signOutEverywhereResponse,
  updateAccountSettingsBody,
} from "@flockkeeper/shared/schemas/account";
import { hashToken } from "../../auth/session-store";
import { audit } from "../../lib/audit";
import { AppError } from "../../lib/errors";
import type { ModuleOptions } from "../module";
import {
  csvFiles,
  deleteAccount,
  endAllSessions,
  exportJson,
  getSettings,
  importAccount,
  listSessions,
  updateSettings,
} from "./account.service";
import { zipStream } from "./zip-stream";
import { keeperOf } from "../../access/access";

const exportQuery = z.object({ photos: z.enum(["links", "embed"]).default("links") });

/** The signed-in keeper's account: settings, sessions, export, import and deletion. */
export async function accountRoutes(app: FastifyInstance, { config }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: config.cookieSecure,
  };
  const today = () => new Date().toISOString().slice(0, 10);
  const download = (reply: FastifyReply, type: string, filename: string) =>
    reply
      .header("content-type", type)
      .header("content-disposition", `attachment; filename="${filename}"`)
      .header("cache-control", "no-store");

  r.get(
    "/api/account/settings",
    { schema: { response: { 200: accountSettings } }, preHandler: app.requireUser },
    async (req) => getSettings(app.db, keeperOf(req)),
  );

  r.patch(
    "/api/account/settings",
    {
      schema: { body: updateAccountSettingsBody, response: { 200: accountSettings } },
      preHandler: app.requireUser,
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
    },
    async (req) => updateSettings(app.db, keeperOf(req), req.body),
  );

  r.get(
    "/api/account/sessions",
    { schema: { response: { 200: accountSessionList } }, preHandler: app.requireUser },
    async (req) => {
      const token = req.cookies[app.sessionCookie];
      return listSessions(
        app.db,
        keeperOf(req).user.id,
        token ? hashToken(token) : null,
        app.sessionPolicy,
      );
    },
  );

  r.post(
    "/api/account/sessions/sign-out-everywhere",
    {
      schema: { response: { 200: signOutEverywhereResponse } },
      preHandler: app.requireUser,
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
    },
    async (req, reply) => {
      const ended = await endAllSessions(app.db, keeperOf(req).user.id);
      reply.clearCookie(app.sessionCookie, cookieOptions);
      return { ended };
    },
  );

  r.get(
    "/api/account/export",
    {
      schema: { querystring: exportQuery },
      // Re-authentication (sign-in, password or passkey) within 10 minutes: see config.reauthWindowMs.
      preHandler: [app.requireUser, app.requireRecentAuth],
      config: { permission: "farm.manage", rateLimit: { max: 10, timeWindow: "1 minute" } },
    },
    async (req, reply) => {
      audit(req.log, "account.export", { userId: req.user!.id, format: "json" });
      const body = Readable.from(
        exportJson(app.db, keeperOf(req), { embedPhotos: req.query.photos === "embed" }),
      );
      return download(
        reply,
        "application/json; charset=utf-8",
        `flockkeeper-export-${today()}.json`,
      ).send(body);
    },
  );

  r.get(
    "/api/account/export.zip",
    {
      // Re-authentication (sign-in, password or passkey) within 10 minutes: see config.reauthWindowMs.
      preHandler: [app.requireUser, app.requireRecentAuth],
      config: { permission: "farm.manage", rateLimit: { max: 10, timeWindow: "1 minute" } },
    },
    async (req, reply) => {
      audit(req.log, "account.export", { userId: req.user!.id, format: "zip" });
      const body = zipStream(csvFiles(app.db, keeperOf(req)));
      return download(reply, "application/zip", `flockkeeper-export-${today()}.zip`).send(body);
    },
  );

  r.post(
    "/api/account/import",
    {
      schema: { response: { 200: importAccountResponse } },
      bodyLimit: MAX_IMPORT_BYTES,
      // Re-authentication (sign-in, password or passkey) within 10 minutes: see config.reauthWindowMs.
      preHandler: [app.requireUser, app.requireRecentAuth],
      config: { permission: "farm.manage", rateLimit: { max: 20, timeWindow: "1 minute" } },
    },
    async (req) => {
      const result = await importAccount(app.db, keeperOf(req), req.body);
      audit(req.log, "account.import", { userId: req.user!.id });
      return result;
    },
  );

  r.delete(
    "/api/account",
    {
      schema: { body: deleteAccountBody },
      // Re-authentication (sign-in, password or passkey) within 10 minutes: see config.reauthWindowMs.
      preHandler: [app.requireUser, app.requireRecentAuth],
      config: { rateLimit: { max: 5, timeWindow: "1 minute" } },
    },
    async (req, reply) => {
      try {
        await deleteAccount(app.db, keeperOf(req), req.body.confirmEmail);
      } catch (err) {
        // A second request for an account already gone: a 404 that also signs this browser out.
        if (err instanceof AppError && err.statusCode === 404) {
          reply.clearCookie(app.sessionCookie, cookieOptions);
        }
        throw err;
      }
      audit(req.log, "account.delete", { userId: req.user!.id });
      reply.clearCookie(app.sessionCookie, cookieOptions);
      return reply.code(204).send();
    },
  );
}
