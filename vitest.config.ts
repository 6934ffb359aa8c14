import { defineConfig } from "vitest/config";

// One Vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
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
