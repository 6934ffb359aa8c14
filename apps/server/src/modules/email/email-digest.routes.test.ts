import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "@flockkeeper/shared/schemas/common";
import type { EmailDigestView } from "@flockkeeper/shared/schemas/tasks";
import { users } from "../../db/schema/index";
import { eq } from "drizzle-orm";
import {
  createSecondInstance,
  createTestApp,
  type TestApp,
  type TestUser,
} from "../../test/helpers";
import { buildKeeper, buildMember, today } from "../../test/factories";
import { runEmailDigests, smtpMailer } from "./email-digest.service";

/*
 * The morning digest by email against a real SMTP server started here (the `smtp-server`
 * package, on a free local port): the message as a mail server receives it, recipient, subject,
 * the day's tasks and the RFC 8058 one-click unsubscribe that works without sign-in.
 */

type Received = { from: string; to: string[]; raw: string };
const received: Received[] = [];
let sink: SMTPServer;
let smtpUrl: string;
let t: TestApp;
const FROM = "FlockKeeper <digest@flockkeeper.test>";

beforeAll(async () => {
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}`;
  t = await createTestApp({ SMTP_URL: smtpUrl, SMTP_FROM: FROM });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

/** A header of a raw message, unfolded (RFC 5322 folds long lines). */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const line = head
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The message's text as a reader sees it: quoted-printable soft breaks and escapes undone. */
const readable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

const options = () => ({
  weatherBaseUrl: "http://127.0.0.1:9",
  publicUrl: t.config.publicUrl,
  mailer: smtpMailer(smtpUrl, FROM),
});
/** The schedule at `hour`:00 UTC of `date`. */
const at = (date: string, hour: number) =>
  new Date(`${date}T${String(hour).padStart(2, "0")}:00:00Z`);
const run = (now: Date, db: TestApp["db"] = t.db) => runEmailDigests(db, options(), now);
const to = (keeper: TestUser) => received.filter((m) => m.to.includes(keeper.user.email!));

async function keeperWithChore(name: string): Promise<TestUser> {
  const keeper = await buildKeeper(t, { firstName: name });
  const res = await keeper.inject({
    method: "POST",
    url: "/api/chores",
    payload: { title: `Clean ${name}'s waterers`, frequency: "daily", startDate: today },
  });
  expect(res.statusCode, res.body).toBe(201);
  return keeper;
}

const subscribe = (keeper: TestUser, payload: object = { digestHour: 6, timeZone: "UTC" }) =>
  keeper.inject({ method: "PUT", url: "/api/email-digest", payload });

describe("email digest", () => {
  it("sends the morning digest once at the keeper's hour, with the tasks and a one-click unsubscribe", async () => {
    const keeper = await keeperWithChore("Mabel");
    const res = await subscribe(keeper);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EmailDigestView>()).toEqual({
      available: true,
      email: keeper.user.email,
      digest: { digestHour: 6, timeZone: "UTC" },
    });

    // 05:00 UTC: not yet.
    await run(at(today, 5));
    expect(to(keeper)).toHaveLength(0);
    // 06:00: the digest.
    await run(at(today, 6));
    expect(to(keeper)).toHaveLength(1);
    const mail = to(keeper)[0]!;
    expect(mail.to).toEqual([keeper.user.email]);
    expect(mail.from).toBe("digest@flockkeeper.test");
    expect(header(mail.raw, "Subject")).toBe("Today on Mabel's farm: 1 task");
    const text = readable(mail.raw);
    expect(text).toContain("Clean Mabel's waterers");
    expect(text).toContain(`${t.config.publicUrl}/today`);
    // RFC 8058: the link in List-Unsubscribe, and the one-click POST header.
    const list = header(mail.raw, "List-Unsubscribe");
    const link = /^<(.+)>$/.exec(list ?? "")?.[1];
    expect(link, list).toMatch(/\/api\/email-digest\/unsubscribe\/[A-Za-z0-9_-]{43}$/);
    expect(header(mail.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(text).toContain(`Unsubscribe: ${link}`);

    // Later runs the same day (a restart, the next minute): nothing more for this keeper. (The
    // run's own totals count every keeper of the database, which on PostgreSQL other test files
    // share.)
    await run(at(today, 7));
    expect(to(keeper)).toHaveLength(1);

    // The link works without sign-in. GET shows a button only (mail scanners fetch links).
    const path = new URL(link!).pathname;
    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("Unsubscribe</button>");
    expect((await keeper.inject({ url: "/api/email-digest" })).json().digest).not.toBeNull();
    // The mail app's one-click POST (no cookie, no Origin).
    const click = await t.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(click.statusCode, click.body).toBe(200);
    expect(click.body).toContain("You are unsubscribed");
    expect((await keeper.inject({ url: "/api/email-digest" })).json().digest).toBeNull();
    // Again: the link is no longer active; the next morning sends nothing.
    expect((await t.app.inject({ method: "POST", url: path })).statusCode).toBe(404);
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);
    await run(at(addDaysIso(today, 1), 8));
    expect(to(keeper)).toHaveLength(1);
  });

  it("two instances running the schedule at once send each digest once", async () => {
    const keeper = await keeperWithChore("Ivy");
    expect((await subscribe(keeper, { digestHour: 0, timeZone: "UTC" })).statusCode).toBe(200);
    const second = await createSecondInstance(t);
    try {
      const now = at(addDaysIso(today, 1), 9);
      await Promise.all([run(now), run(now, second.app.db), run(now)]);
      expect(to(keeper)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it("follows the keeper's time zone and hour; a day with nothing open sends nothing", async () => {
    const keeper = await keeperWithChore("Tui");
    // 07:00 in Auckland (UTC+13 in November): 18:00 UTC the day before.
    expect(
      (await subscribe(keeper, { digestHour: 7, timeZone: "Pacific/Auckland" })).statusCode,
    ).toBe(200);
    const aucklandDay = addDaysIso(today, 1);
    await run(new Date(`${today}T17:00:00Z`));
    expect(to(keeper)).toHaveLength(0);
    await run(new Date(`${today}T18:30:00Z`));
    expect(to(keeper)).toHaveLength(1);
    expect(readable(to(keeper)[0]!.raw)).toContain(`(${aucklandDay})`);

    const idle = await buildKeeper(t, { firstName: "Idle" });
    expect((await subscribe(idle, { digestHour: 0, timeZone: "UTC" })).statusCode).toBe(200);
    const r = await run(at(addDaysIso(today, 2), 1));
    expect(r.skipped).toBeGreaterThanOrEqual(1);
    expect(to(idle)).toHaveLength(0);
  });

  it("a helper may have it; another farm's keeper has their own; refused input writes nothing", async () => {
    const owner = await keeperWithChore("Olga");
    const helper = await buildMember(t, owner, "helper");
    expect((await subscribe(helper)).statusCode).toBe(200);
    expect((await owner.inject({ url: "/api/email-digest" })).json().digest).toBeNull();
    expect((await helper.inject({ method: "DELETE", url: "/api/email-digest" })).statusCode).toBe(
      204,
    );
    expect((await helper.inject({ method: "DELETE", url: "/api/email-digest" })).statusCode).toBe(
      404,
    );
    for (const [payload, field] of [
      [{ digestHour: 24, timeZone: "UTC" }, "digestHour"],
      [{ digestHour: 6.5, timeZone: "UTC" }, "digestHour"],
      [{ digestHour: 6, timeZone: "Mars/Olympus_Mons" }, "timeZone"],
      [{ timeZone: "UTC" }, "digestHour"],
    ] as const) {
      const res = await subscribe(owner, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(field);
    }
    expect((await owner.inject({ url: "/api/email-digest" })).json().digest).toBeNull();
    // An account without an email address: a clear 409.
    const nameless = await buildKeeper(t);
    await t.db.update(users).set({ email: null }).where(eq(users.id, nameless.user.id));
    const res = await subscribe(nameless);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/no email address/);
    // Signed out: 401; a malformed link: 400, an unknown one: 404.
    expect((await t.app.inject({ url: "/api/email-digest" })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/email-digest/unsubscribe/short" })).statusCode).toBe(
      400,
    );
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: `/api/email-digest/unsubscribe/${"A".repeat(43)}`,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("without SMTP_URL", () => {
  it("says email is not available (the web app hides it) and refuses to turn it on", async () => {
    const plain = await createTestApp();
    try {
      const keeper = await buildKeeper(plain);
      const view = await keeper.inject({ url: "/api/email-digest" });
      expect(view.statusCode).toBe(200);
      expect(view.json()).toEqual({ available: false, email: keeper.user.email, digest: null });
      const put = await keeper.inject({
        method: "PUT",
        url: "/api/email-digest",
        payload: { digestHour: 6, timeZone: "UTC" },
      });
      expect(put.statusCode).toBe(404);
      expect(put.json().message).toBe("Email is not set up on this server");
    } finally {
      await plain.close();
    }
    // A second app starts here: slow on a busy machine.
  }, 120_000);
});
