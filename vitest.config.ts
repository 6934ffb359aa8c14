import os from "node:os";
import { defineConfig } from "vitest/config";

// One Vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // A worker per core. Vitest's default keeps one core for its own process, which mostly waits
    // for the workers, so on CI's 2-core machine every file ran one after another. Test files are
    // independent (each has its own in-memory PGlite; on PostgreSQL they already run side by side:
    // own keepers, own rate-limit namespace, migrations under an advisory lock).
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: "shared",
          root: "packages/shared",
          include: ["src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts"],
          environment: "node",
          globalSetup: ["src/test/global-setup.ts"],
          setupFiles: ["src/test/setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      "apps/web/vite.config.ts",
      {
        // Repository tooling: the architecture rules (eslint.config.js, lint:cycles) catch violations.
        test: {
          name: "tools",
          root: ".",
          include: ["scripts/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
        },
      },
    ],
  },
});
