import type { FastifyBaseLogger } from "fastify";

/** The audit events, each logged as one line with this stable `event` field. */
export type AuditEvent =
  | "auth.signup"
  | "auth.signin"
  | "auth.signin_failed"
  | "auth.signout"
  | "auth.password_changed"
  | "auth.passkey_added"
  | "auth.reauth"
  | "auth.reauth_failed"
  | "auth.recovery_codes_regenerated"
  | "admin.login"
  | "admin.login_failed"
  | "account.export"
  | "account.import"
  | "account.delete"
  | "farm.delete"
  | "farm.role_changed"
  | "farm.member_removed"
  | "farm.invitation_created"
  | "farm.invitation_accepted";

type AuditFields = {
  userId?: string | null;
  email?: string | null;
  method?: string;
  reason?: string;
  ip?: string;
  [key: string]: string | number | boolean | null | undefined;
};

/**
 * One structured log line per security-relevant event, at info (warn for failures), so it
 * survives the default log level. Never pass a password, code, token or cookie here.
 */
export function audit(log: FastifyBaseLogger, event: AuditEvent, fields: AuditFields = {}) {
  const line = { audit: true, event, ...fields };
  if (event.endsWith("_failed")) log.warn(line, event);
  else log.info(line, event);
}
