/**
 * The operator's command for built-in accounts (no OIDC_ISSUER):
 *
 *   npm run user -- create EMAIL --name "Full Name"   a verified account, new password printed once
 *   npm run user -- reset-password EMAIL              a new password printed once; sessions end
 *   npm run user -- verify EMAIL                      marks the email verified (ADMIN_EMAILS counts)
 *
 * It uses the same configuration as the server (DATA_DIR or DATABASE_URL). With the embedded
 * database, stop the server first: one process at a time may open a data folder.
 * Set USER_PASSWORD to choose the password instead of a generated one.
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { z } from "zod";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import {
  createAccount,
  findAccountByEmail,
  markVerified,
  setPassword,
} from "../auth/local-accounts";
import { passwordProblem } from "../auth/passwords";

const USAGE = `Usage:
  npm run user -- create EMAIL --name "Full Name"
  npm run user -- reset-password EMAIL
  npm run user -- verify EMAIL
(USER_PASSWORD=... sets the password instead of generating one.)`;

/** A generated password: 4 groups of 5 letters and digits, about 100 bits. */
const generatedPassword = () => {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const chars = [...randomBytes(20)].map((b) => alphabet[b % alphabet.length]).join("");
  return chars.match(/.{5}/g)!.join("-");
};

/** Runs one command; returns the process exit code. */
export async function runUserCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = console.log,
): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: "string" } },
  });
  const [command, rawEmail] = positionals;
  const email = z.email().safeParse(rawEmail?.trim().toLowerCase());
  if (!command || !["create", "reset-password", "verify"].includes(command) || !email.success) {
    out(USAGE);
    return 2;
  }
  const config = loadConfig(env);
  if (config.oidc) {
    out("OIDC_ISSUER is set: accounts live at that identity provider, not here.");
    return 2;
  }
  const password = env.USER_PASSWORD || generatedPassword();
  const problem = passwordProblem(password, email.data);
  if (command !== "verify" && problem) {
    out(`USER_PASSWORD refused: ${problem}`);
    return 2;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const db = database.db;
    const existing = await findAccountByEmail(db, email.data);
    if (command === "create") {
      if (existing) {
        out(`${email.data} already has an account (use reset-password or verify).`);
        return 1;
      }
      const name = values.name?.trim() || email.data.split("@")[0]!;
      const created = await createAccount(db, {
        name,
        email: email.data,
        password,
        emailVerified: true,
      });
      if (!created) {
        out(`${email.data} already has an account.`);
        return 1;
      }
      out(`Created a verified account for ${email.data}.`);
      if (!env.USER_PASSWORD) out(`Password (shown once): ${password}`);
      out(`Recovery codes (shown once): ${created.recoveryCodes.join("  ")}`);
      return 0;
    }
    if (!existing) {
      out(`No account for ${email.data}.`);
      return 1;
    }
    if (command === "verify") {
      await markVerified(db, existing);
      out(`${email.data} is now verified (takes effect at their next sign-in).`);
      return 0;
    }
    await setPassword(db, existing, password);
    out(`New password set for ${email.data}; their sessions have ended.`);
    if (!env.USER_PASSWORD) out(`Password (shown once): ${password}`);
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runUserCommand(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
