import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import {
  accountSecurity,
  addPasskeyBody,
  changePasswordBody,
  passkeyAssertionBody,
  passkeyIdParams,
  reauthBody,
  reauthResponse,
  recoveryCodesResponse,
} from "@flockkeeper/shared/schemas/auth";
import { accountOfUser, type LocalAccount } from "../../auth/local-accounts";
import { webauthnParty } from "../../auth/passkeys";
import { audit } from "../../lib/audit";
import { AppError, badRequest, notFound } from "../../lib/errors";
import type { ModuleOptions } from "../module";
import * as security from "./security.service";

const notLocal = () =>
  new AppError(
    400,
    "NOT_LOCAL_ACCOUNT",
    "Your account signs in with another identity provider: manage its password and passkeys there.",
  );

const tooMany = (retryAfterS: number) =>
  new AppError(
    429,
    "TOO_MANY_ATTEMPTS",
    `Too many failed attempts. Please wait ${Math.ceil(retryAfterS / 60)} minutes and try again.`,
  );

/**
 * The signed-in keeper's own sign-in: sign-in history, re-authentication, password, recovery
 * codes and passkeys (the last three only for built-in accounts).
 */
export async function authRoutes(app: FastifyInstance, { config }: ModuleOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const party = webauthnParty(config.publicUrl);

  const localAccount = async (req: FastifyRequest): Promise<LocalAccount> => {
    const account = await accountOfUser(db, req.user!, app.builtinIssuer);
    if (!account) throw notLocal();
    return account;
  };
  const recentUntil = (at: number) => new Date(at + config.reauthWindowMs).toISOString();

  r.get(
    "/api/auth/security",
    { schema: { response: { 200: accountSecurity } }, preHandler: app.requireUser },
    async (req) => {
      const account = await accountOfUser(db, req.user!, app.builtinIssuer);
      return security.describe(db, req.user!, account, recentUntil(req.session!.authenticatedAt));
    },
  );

  r.post(
    "/api/auth/reauth",
    {
      schema: { body: reauthBody, response: { 200: reauthResponse } },
      preHandler: app.requireUser,
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
    },
    async (req) => {
      const account = await localAccount(req);
      const outcome = await security.reauthWithPassword(db, req, account, req.body.password);
      if (outcome.kind === "throttled") throw tooMany(outcome.retryAfterS);
      if (outcome.kind === "wrong") {
        audit(req.log, "auth.reauth_failed", { userId: req.user!.id, method: "password" });
        throw new AppError(401, "WRONG_PASSWORD", "That password is not right.");
      }
      audit(req.log, "auth.reauth", { userId: req.user!.id, method: "password" });
      return { recentAuthUntil: recentUntil(outcome.at.getTime()) };
    },
  );

  r.post(
    "/api/auth/reauth/passkey/options",
    { preHandler: app.requireUser, config: { rateLimit: { max: 30, timeWindow: "1 minute" } } },
    async (req) => security.reauthPasskeyOptions(db, party, await localAccount(req)),
  );

  r.post(
    "/api/auth/reauth/passkey",
    {
      schema: { body: passkeyAssertionBody, response: { 200: reauthResponse } },
      preHandler: app.requireUser,
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (req) => {
      const account = await localAccount(req);
      const at = await security.reauthWithPasskey(
        db,
        party,
        req,
        account,
        req.body.response as unknown as AuthenticationResponseJSON,
      );
      if (!at) {
        audit(req.log, "auth.reauth_failed", { userId: req.user!.id, method: "passkey" });
        throw new AppError(401, "PASSKEY_REJECTED", "That passkey could not be checked.");
      }
      audit(req.log, "auth.reauth", { userId: req.user!.id, method: "passkey" });
      return { recentAuthUntil: recentUntil(at.getTime()) };
    },
  );

  r.post(
    "/api/auth/password",
    {
      schema: { body: changePasswordBody },
      preHandler: [app.requireUser, app.requireRecentAuth],
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
    },
    async (req, reply) => {
      const account = await localAccount(req);
      const outcome = await security.changePassword(db, req, account, req.body);
      if (outcome.kind === "throttled") throw tooMany(outcome.retryAfterS);
      if (outcome.kind === "wrong") {
        throw new AppError(401, "WRONG_PASSWORD", "Your current password is not right.");
      }
      if (outcome.kind === "refused") throw badRequest(outcome.message, "WEAK_PASSWORD");
      audit(req.log, "auth.password_changed", { userId: req.user!.id, method: "password" });
      return reply.code(204).send();
    },
  );

  r.post(
    "/api/auth/recovery-codes",
    {
      schema: { response: { 200: recoveryCodesResponse } },
      preHandler: [app.requireUser, app.requireRecentAuth],
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
    },
    async (req) => {
      const account = await localAccount(req);
      const codes = await security.newCodes(db, account);
      audit(req.log, "auth.recovery_codes_regenerated", { userId: req.user!.id });
      return { codes };
    },
  );

  r.post(
    "/api/auth/passkeys/options",
    {
      preHandler: [app.requireUser, app.requireRecentAuth],
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (req) => security.passkeyRegistrationOptions(db, party, await localAccount(req)),
  );

  r.post(
    "/api/auth/passkeys",
    {
      schema: { body: addPasskeyBody },
      preHandler: [app.requireUser, app.requireRecentAuth],
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (req, reply) => {
      const account = await localAccount(req);
      const added = await security.addPasskey(
        db,
        party,
        account,
        req.body.response as unknown as RegistrationResponseJSON,
        req.body.name ?? security.defaultPasskeyName(req.headers["user-agent"]),
      );
      if (!added) {
        throw badRequest(
          "That passkey could not be checked. Please try again.",
          "PASSKEY_REJECTED",
        );
      }
      audit(req.log, "auth.passkey_added", { userId: req.user!.id });
      return reply.code(201).send(added);
    },
  );

  r.delete(
    "/api/auth/passkeys/:id",
    {
      schema: { params: passkeyIdParams },
      preHandler: [app.requireUser, app.requireRecentAuth],
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    },
    async (req, reply) => {
      const account = await accountOfUser(db, req.user!, app.builtinIssuer);
      // Another keeper's passkey answers exactly like a missing one.
      if (!account || !(await security.removePasskey(db, account, req.params.id))) {
        throw notFound("Passkey");
      }
      return reply.code(204).send();
    },
  );
}
