import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type Provider from "oidc-provider";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import {
  builtinCreateAccountForm,
  builtinRecoverForm,
  builtinSignInForm,
  passkeyAssertionBody,
} from "@flockkeeper/shared/schemas/auth";
import type { Database } from "../db/client";
import { audit } from "../lib/audit";
import { escapeHtml, htmlPage } from "../lib/html";
import {
  checkPassword,
  createAccount,
  setPassword,
  useRecoveryCode,
  type LocalAccount,
} from "./local-accounts";
import { authenticationOptions, verifyPasskey, webauthnParty } from "./passkeys";
import { passwordProblem } from "./passwords";
import {
  clearAccountFailures,
  recordFailure,
  sleep,
  throttleState,
  type ThrottleKeys,
} from "./sign-in-throttle";

const BASE = "/api/builtin-signin";
const ASSETS = "/api/signin-assets";
/** The one answer for a wrong password, an unknown email or a wrong recovery code. */
export const GENERIC_FAILURE = "That email and password do not match an account.";
const GENERIC_RECOVERY_FAILURE = "That email and recovery code do not match an account.";
const TOO_MANY = "Too many failed attempts. Please wait a few minutes and try again.";

type Form = Record<string, string>;
type Login = { accountId: string; amr: string[] };

/**
 * Our own pages for the built-in provider's login prompt: sign in with a password or a passkey,
 * create an account (when SIGNUP=open), or get back in with a recovery code. Each ends the
 * provider's interaction, so what follows is the ordinary OpenID Connect code flow.
 */
export async function mountSignInPages(
  app: FastifyInstance,
  db: Database,
  provider: Provider,
  opts: { publicUrl: string; signupOpen: boolean },
) {
  const party = webauthnParty(opts.publicUrl);
  const webauthnBundle = readWebauthnBundle();

  app.get(`${ASSETS}/webauthn.js`, (_req, reply) =>
    reply
      .type("text/javascript; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(webauthnBundle),
  );
  app.get(`${ASSETS}/passkey-signin.js`, (_req, reply) =>
    reply
      .type("text/javascript; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(PASSKEY_SIGNIN_JS),
  );

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const r = scope.withTypeProvider<ZodTypeProvider>();

    /** The interaction of this browser, or null when it has expired or never existed. */
    const interaction = async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        return await provider.interactionDetails(req.raw, reply.raw);
      } catch {
        return null;
      }
    };
    const html = (reply: FastifyReply, status: number, page: string) =>
      reply.code(status).type("text/html").header("cache-control", "no-store").send(page);
    const expired = (reply: FastifyReply) => html(reply, 400, expiredPage());
    const keys = (req: FastifyRequest, account?: string | null): ThrottleKeys => ({
      client: req.ip,
      account,
    });

    /** Refuses (429) when the client or account is over the limit, else waits the slow-down. */
    const throttled = async (req: FastifyRequest, account: string | null) => {
      const state = await throttleState(db, keys(req, account));
      if (state.refused) return state.retryAfterS;
      if (state.delayMs) await sleep(state.delayMs);
      return null;
    };

    const finish = async (
      req: FastifyRequest,
      reply: FastifyReply,
      account: LocalAccount,
      amr: string[],
    ) => {
      await clearAccountFailures(db, account.email);
      reply.hijack();
      const login: Login = { accountId: account.id, amr };
      await provider.interactionFinished(
        req.raw,
        reply.raw,
        { login },
        { mergeWithLastSubmission: false },
      );
    };

    r.get<{ Params: { uid: string } }>(`${BASE}/:uid`, async (req, reply) => {
      const details = await interaction(req, reply);
      if (!details) return expired(reply);
      return html(reply, 200, signInPage(details.uid, { signupOpen: opts.signupOpen }));
    });

    r.post<{ Params: { uid: string }; Body: Form }>(
      `${BASE}/:uid`,
      { config: { rateLimit: { max: 30, timeWindow: "1 minute" } } },
      async (req, reply) => {
        const details = await interaction(req, reply);
        if (!details) return expired(reply);
        const page = (status: number, error: string, email = "") =>
          html(
            reply,
            status,
            signInPage(details.uid, { signupOpen: opts.signupOpen, error, email }),
          );
        const parsed = builtinSignInForm.safeParse(req.body ?? {});
        if (!parsed.success) {
          return page(400, parsed.error.issues[0]!.message, String(req.body?.email ?? ""));
        }
        const { email, password } = parsed.data;
        const retry = await throttled(req, email);
        if (retry !== null) {
          audit(req.log, "auth.signin_failed", { email, reason: "throttled", ip: req.ip });
          reply.header("retry-after", String(retry));
          return page(429, TOO_MANY, email);
        }
        const account = await checkPassword(db, email, password);
        if (!account) {
          await recordFailure(db, keys(req, email));
          audit(req.log, "auth.signin_failed", { email, method: "password", ip: req.ip });
          return page(401, GENERIC_FAILURE, email);
        }
        await finish(req, reply, account, ["pwd"]);
      },
    );

    r.get<{ Params: { uid: string } }>(`${BASE}/:uid/create`, async (req, reply) => {
      const details = await interaction(req, reply);
      if (!details) return expired(reply);
      if (!opts.signupOpen) return html(reply, 403, signupClosedPage(details.uid));
      return html(reply, 200, createAccountPage(details.uid, {}));
    });

    r.post<{ Params: { uid: string }; Body: Form }>(
      `${BASE}/:uid/create`,
      { config: { rateLimit: { max: 30, timeWindow: "1 minute" } } },
      async (req, reply) => {
        const details = await interaction(req, reply);
        if (!details) return expired(reply);
        if (!opts.signupOpen) return html(reply, 403, signupClosedPage(details.uid));
        const values = req.body ?? {};
        const page = (status: number, error: string) =>
          html(reply, status, createAccountPage(details.uid, { error, values }));
        const parsed = builtinCreateAccountForm.safeParse(values);
        if (!parsed.success) return page(400, parsed.error.issues[0]!.message);
        const { name, email, password } = parsed.data;
        const problem = passwordProblem(password, email);
        if (problem) return page(400, problem);
        const created = await createAccount(db, { name, email, password });
        if (!created) {
          return page(
            409,
            "An account with this email already exists. Sign in instead, or use a recovery code.",
          );
        }
        audit(req.log, "auth.signup", { email, ip: req.ip });
        const continueUrl = await provider.interactionResult(
          req.raw,
          reply.raw,
          { login: { accountId: created.account.id, amr: ["pwd"] } satisfies Login },
          { mergeWithLastSubmission: false },
        );
        return html(reply, 201, recoveryCodesPage(created.recoveryCodes, continueUrl));
      },
    );

    r.get<{ Params: { uid: string } }>(`${BASE}/:uid/recover`, async (req, reply) => {
      const details = await interaction(req, reply);
      if (!details) return expired(reply);
      return html(reply, 200, recoverPage(details.uid, {}));
    });

    r.post<{ Params: { uid: string }; Body: Form }>(
      `${BASE}/:uid/recover`,
      { config: { rateLimit: { max: 30, timeWindow: "1 minute" } } },
      async (req, reply) => {
        const details = await interaction(req, reply);
        if (!details) return expired(reply);
        const email = String(req.body?.email ?? "");
        const page = (status: number, error: string) =>
          html(reply, status, recoverPage(details.uid, { error, email }));
        const parsed = builtinRecoverForm.safeParse(req.body ?? {});
        if (!parsed.success) return page(400, parsed.error.issues[0]!.message);
        const retry = await throttled(req, parsed.data.email);
        if (retry !== null) {
          reply.header("retry-after", String(retry));
          return page(429, TOO_MANY);
        }
        const problem = passwordProblem(parsed.data.newPassword, parsed.data.email);
        if (problem) return page(400, problem);
        const account = await useRecoveryCode(db, parsed.data.email, parsed.data.code);
        if (!account) {
          await recordFailure(db, keys(req, parsed.data.email));
          audit(req.log, "auth.signin_failed", {
            email: parsed.data.email,
            method: "recovery_code",
            ip: req.ip,
          });
          return page(401, GENERIC_RECOVERY_FAILURE);
        }
        await setPassword(db, account, parsed.data.newPassword);
        audit(req.log, "auth.password_changed", { email: account.email, method: "recovery_code" });
        await finish(req, reply, account, ["otp"]);
      },
    );

    r.post<{ Params: { uid: string } }>(
      `${BASE}/:uid/passkey/options`,
      { config: { rateLimit: { max: 30, timeWindow: "1 minute" } } },
      async (req, reply) => {
        const details = await interaction(req, reply);
        if (!details) return reply.code(400).send(expiredJson());
        return authenticationOptions(db, party, null);
      },
    );

    r.post(
      `${BASE}/:uid/passkey`,
      {
        schema: { body: passkeyAssertionBody },
        config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      },
      async (req, reply) => {
        const details = await interaction(req, reply);
        if (!details) return reply.code(400).send(expiredJson());
        const retry = await throttled(req, null);
        if (retry !== null) {
          reply.header("retry-after", String(retry));
          return reply
            .code(429)
            .send({ statusCode: 429, code: "TOO_MANY_ATTEMPTS", message: TOO_MANY });
        }
        const account = await verifyPasskey(
          db,
          party,
          req.body.response as unknown as AuthenticationResponseJSON,
          null,
        );
        if (!account) {
          await recordFailure(db, keys(req, null));
          audit(req.log, "auth.signin_failed", { method: "passkey", ip: req.ip });
          return reply.code(401).send({
            statusCode: 401,
            code: "PASSKEY_REJECTED",
            message: "That passkey could not be checked. Try again, or sign in with your password.",
          });
        }
        await clearAccountFailures(db, account.email);
        const redirectTo = await provider.interactionResult(
          req.raw,
          reply.raw,
          { login: { accountId: account.id, amr: ["hwk"] } satisfies Login },
          { mergeWithLastSubmission: false },
        );
        return { redirectTo };
      },
    );
  });
}

const expiredJson = () => ({
  statusCode: 400,
  code: "SIGNIN_EXPIRED",
  message: "This sign-in has expired. Start again.",
});

function readWebauthnBundle(): string {
  // The browser half of @simplewebauthn as one script (global SimpleWebAuthnBrowser).
  const require = createRequire(import.meta.url);
  const entry = require.resolve("@simplewebauthn/browser");
  let dir = path.dirname(entry);
  while (!dir.endsWith(`${path.sep}browser`) && dir !== path.dirname(dir)) dir = path.dirname(dir);
  return readFileSync(path.join(dir, "dist/bundle/index.umd.min.js"), "utf8");
}

const PASSKEY_SIGNIN_JS = `(() => {
  const button = document.getElementById("passkey-signin");
  const status = document.getElementById("passkey-status");
  if (!button || !window.PublicKeyCredential || !window.SimpleWebAuthnBrowser) return;
  button.hidden = false;
  const base = button.dataset.base;
  const post = (url, body) => fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  button.addEventListener("click", async () => {
    status.textContent = "Waiting for your passkey…";
    button.disabled = true;
    try {
      const options = await post(base + "/passkey/options", {});
      if (!options.ok) throw new Error((await options.json()).message);
      const response = await window.SimpleWebAuthnBrowser.startAuthentication({ optionsJSON: await options.json() });
      const answer = await post(base + "/passkey", { response });
      const body = await answer.json();
      if (!answer.ok) throw new Error(body.message);
      window.location.assign(body.redirectTo);
    } catch (err) {
      status.textContent = err && err.name === "NotAllowedError"
        ? "The passkey request was cancelled."
        : (err && err.message) || "That passkey could not be used.";
      button.disabled = false;
    }
  });
})();`;

const brand = `<p class="brand" aria-hidden="true">🐔 FlockKeeper</p>`;
const errorBox = (error?: string) =>
  error ? `<p class="error" role="alert" id="form-error">${escapeHtml(error)}</p>` : "";
const described = (error?: string) => (error ? ` aria-describedby="form-error"` : "");

function signInPage(uid: string, o: { signupOpen: boolean; error?: string; email?: string }) {
  const base = `${BASE}/${encodeURIComponent(uid)}`;
  return htmlPage(
    "Sign in to FlockKeeper",
    `${brand}<h1>Sign in</h1>
${errorBox(o.error)}
<form method="post" action="${base}"${described(o.error)}>
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username webauthn" required maxlength="254" value="${escapeHtml(o.email ?? "")}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200">
  <button type="submit">Sign in</button>
</form>
<button type="button" class="secondary" id="passkey-signin" data-base="${base}" hidden>Sign in with a passkey</button>
<p id="passkey-status" class="small" role="status" aria-live="polite"></p>
<nav class="links" aria-label="Other ways in">
${o.signupOpen ? `<a href="${base}/create">Create an account</a>` : ""}
<a href="${base}/recover">Lost your password? Use a recovery code</a>
</nav>
<script src="${ASSETS}/webauthn.js" defer></script>
<script src="${ASSETS}/passkey-signin.js" defer></script>`,
  );
}

function createAccountPage(uid: string, o: { error?: string; values?: Form }) {
  const base = `${BASE}/${encodeURIComponent(uid)}`;
  const v = o.values ?? {};
  return htmlPage(
    "Create your FlockKeeper account",
    `${brand}<h1>Create your account</h1>
${errorBox(o.error)}
<form method="post" action="${base}/create"${described(o.error)}>
  <label for="name">Your name</label>
  <input id="name" name="name" autocomplete="name" required maxlength="100" value="${escapeHtml(v.name ?? "")}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(v.email ?? "")}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="new-password" required minlength="10" maxlength="200" aria-describedby="password-rules">
  <p class="small" id="password-rules">At least 10 characters, not your email and not a common password. A short sentence is easy to remember.</p>
  <button type="submit">Create account</button>
</form>
<nav class="links" aria-label="Other ways in"><a href="${base}">I already have an account</a></nav>`,
  );
}

function recoverPage(uid: string, o: { error?: string; email?: string }) {
  const base = `${BASE}/${encodeURIComponent(uid)}`;
  return htmlPage(
    "Use a recovery code",
    `${brand}<h1>Use a recovery code</h1>
<p>Enter one of the recovery codes you saved when you created your account, and choose a new password. Each code works once.</p>
${errorBox(o.error)}
<form method="post" action="${base}/recover"${described(o.error)}>
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required maxlength="254" value="${escapeHtml(o.email ?? "")}">
  <label for="code">Recovery code</label>
  <input id="code" name="code" autocomplete="one-time-code" required maxlength="40" spellcheck="false">
  <label for="newPassword">New password</label>
  <input id="newPassword" name="newPassword" type="password" autocomplete="new-password" required minlength="10" maxlength="200" aria-describedby="password-rules">
  <p class="small" id="password-rules">At least 10 characters, not your email and not a common password.</p>
  <button type="submit">Set password and sign in</button>
</form>
<p class="small">No codes left? The person who runs this FlockKeeper can reset your password.</p>
<nav class="links" aria-label="Other ways in"><a href="${base}">Back to sign in</a></nav>`,
  );
}

function recoveryCodesPage(codes: string[], continueUrl: string) {
  return htmlPage(
    "Save your recovery codes",
    `${brand}<h1>Save your recovery codes</h1>
<p>Your account is ready. If you ever forget your password, one of these codes lets you back in. Each works once. Write them down or keep them somewhere safe: <strong>they are shown only now.</strong></p>
<ul class="codes" aria-label="Recovery codes">${codes.map((c) => `<li><code>${escapeHtml(c)}</code></li>`).join("")}</ul>
<a class="button" href="${escapeHtml(continueUrl)}">I have saved my codes, continue</a>`,
  );
}

function signupClosedPage(uid: string) {
  return htmlPage(
    "Accounts are made by the admin",
    `${brand}<h1>New accounts are closed</h1>
<p>On this FlockKeeper, accounts are created by the person who runs it. Ask them for an account.</p>
<nav class="links"><a href="${BASE}/${encodeURIComponent(uid)}">Back to sign in</a></nav>`,
  );
}

function expiredPage() {
  return htmlPage(
    "Sign-in expired",
    `${brand}<h1>This sign-in has expired</h1><p><a href="/api/login">Start again</a></p>`,
  );
}
