// Development: the API with reload on change, and Vite's dev server (which proxies /api and /oidc).
import { spawn } from "node:child_process";

const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? "http://localhost:5173" };
const procs = [
  spawn("node", ["--watch", "--import", "tsx", "apps/server/src/server.ts"], {
    stdio: "inherit",
    env,
  }),
  spawn("npx", ["vite", "apps/web"], { stdio: "inherit", env }),
];
const stop = () => procs.forEach((p) => p.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
