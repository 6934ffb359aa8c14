import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { signInOverHttp } from "../../test/http-sign-in";

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../server.ts");
const procs: ChildProcess[] = [];

async function startProcess(port: number, publicUrl: string): Promise<string> {
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn("node", ["--import", "tsx", serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  procs.push(proc);
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return url;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server process did not start");
}

afterAll(() => {
  for (const p of procs) p.kill("SIGTERM");
});

describe.runIf(process.env.TEST_DATABASE_URL)("two app processes on one PostgreSQL", () => {
  it(
    "sign in through one process and use the session on the other",
    { timeout: 90_000 },
    async () => {
      const portA = 4800 + Math.floor(Math.random() * 100);
      const portB = portA + 100;
      // Both stand behind one public address, as behind a load balancer.
      const publicUrl = `http://127.0.0.1:${portA}`;
      const [a, b] = await Promise.all([
        startProcess(portA, publicUrl),
        startProcess(portB, publicUrl),
      ]);
      const email = `two-proc-${Date.now()}@example.com`;
      // Start on A, finish the callback on B: provider state and the login transaction live in the database and cookie.
      const jar = await signInOverHttp(a, { name: "Pat Keeper", email, finishOn: b });
      const cookie = `fk_session=${jar.get("fk_session")}`;
      const onA = await fetch(`${a}/api/auth/user`, { headers: { cookie } });
      const onB = await fetch(`${b}/api/auth/user`, { headers: { cookie } });
      expect(onA.status).toBe(200);
      expect(onB.status).toBe(200);
      expect(((await onB.json()) as { email: string }).email).toBe(email);
      // Logging out on B ends the session for A too, within 1 s (A's session cache hears of it
      // through LISTEN/NOTIFY; without that it would answer for up to 5 s).
      await fetch(`${b}/api/logout`, {
        method: "POST",
        headers: { cookie, origin: publicUrl },
        redirect: "manual",
      });
      const started = Date.now();
      let status = 0;
      while (Date.now() - started <= 1000) {
        status = (await fetch(`${a}/api/auth/user`, { headers: { cookie } })).status;
        if (status === 401) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(status).toBe(401);
    },
  );
});
