/// <reference types="vitest/config" />
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { bootPreloadPlugin } from "./vite/boot-preload-plugin.ts";
import { compileHintsPlugin } from "./vite/compile-hints-plugin.ts";
import { markdownPlugin } from "./vite/markdown-plugin.ts";
import { precompressPlugin } from "./vite/precompress-plugin.ts";
import { prerenderPlugin } from "./vite/prerender-plugin.ts";
import { sentinelErrorsPlugin } from "./vite/sentinel-errors-plugin.ts";

export default defineConfig({
  plugins: [
    markdownPlugin(),
    sentinelErrorsPlugin(),
    react(),
    tailwindcss(),
    VitePWA({
      // "prompt": a new version installs and waits; the app lets it take over once the outbox has
      // nothing left to send (src/lib/sw-update.ts).
      registerType: "prompt",
      injectRegister: false,
      manifest: false,
      includeAssets: ["favicon.svg", "icons/*.png"],
      workbox: {
        // The app shell opens offline; API answers are never served from the cache.
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
        // Prerendered pages are for first visits from the network; offline, the shell renders them.
        globIgnores: ["prerendered/**"],
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api\//, /^\/oidc\//, /^\/sitemap\.xml$/, /^\/robots\.txt$/],
        runtimeCaching: [],
        // Web Push: shows the server's notifications and opens the task on tap (public/push-sw.js).
        importScripts: ["/push-sw.js"],
        cleanupOutdatedCaches: true,
      },
    }),
    bootPreloadPlugin(),
    compileHintsPlugin(),
    // Both run after the build (and the service worker) is written, in this order.
    prerenderPlugin(),
    precompressPlugin(),
  ],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: {
    proxy: { "/api": "http://localhost:3000", "/oidc": "http://localhost:3000" },
  },
  build: {
    target: "es2022",
    // SOURCEMAP=1 for a local look at what a page runs (maps are never served in production).
    sourcemap: process.env.SOURCEMAP === "1",
    manifest: true,
    // Every browser that can install this PWA supports modulepreload natively.
    modulePreload: { polyfill: false },
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}", "vite/**/*.test.ts"],
    setupFiles: ["src/test/setup.ts"],
    // Component tests type with user-event, key by key; on a loaded CI host a test that types
    // dozens of inputs passed its 5 s default and, still typing, wrote into the next test's form.
    testTimeout: 20_000,
  },
});
