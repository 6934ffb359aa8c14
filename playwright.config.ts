import { defineConfig, devices } from "@playwright/test";

// Ports can be moved (E2E_PORT, E2E_WEATHER_PORT) so two checkouts can run their suites at once.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const WEATHER_PORT = Number(process.env.E2E_WEATHER_PORT ?? 4999);
// Its own data folder too (E2E_DATA_DIR), so two runs in one checkout do not wipe each other's.
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".e2e-data";
export const E2E_BASE_URL = `http://localhost:${PORT}`;
const chromium = process.env.CHROME_PATH ?? "/usr/bin/chromium";

// Real Chromium from Debian; Playwright never downloads a browser of its own.
export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results/playwright",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: "off",
    screenshot: "only-on-failure",
    ...devices["Pixel 7"],
    // The server refuses cookie-carrying POST/PUT/PATCH/DELETE without our Origin, as a browser
    // sends it from our pages; `page.request` calls (test set-up through the API) send none of
    // their own, so they say where they come from here.
    extraHTTPHeaders: { origin: E2E_BASE_URL },
    launchOptions: {
      executablePath: chromium,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium-mobile", use: { browserName: "chromium" } }],
  webServer: [
    {
      // Stand-in for the forecast provider, so the weather page is tested without the internet.
      command: "node --import tsx e2e/weather-stub-main.ts",
      port: WEATHER_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // A fresh embedded database for every run.
      command: `rm -rf ${DATA_DIR} && node apps/server/dist/server.mjs`,
      url: `${E2E_BASE_URL}/api/health`,
      reuseExistingServer: false,
      // Generous: a cold start on a busy 2-core machine. Runs the built server (`npm run build`).
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        PUBLIC_URL: E2E_BASE_URL,
        DATA_DIR,
        LOG_LEVEL: "warn",
        ADMIN_PASSWORD: "e2e-admin-password",
        WEATHER_BASE_URL: `http://127.0.0.1:${WEATHER_PORT}`,
        GEOCODING_BASE_URL: `http://127.0.0.1:${WEATHER_PORT}`,
      },
    },
  ],
});
