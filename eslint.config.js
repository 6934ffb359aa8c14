import fs from "node:fs";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import globals from "globals";

// The layers of the code base (docs/architecture.md). Imports only point down:
//   web:    app -> features -> components / lib / content -> packages/shared
//   server: app.ts / server.ts -> plugins / modules -> auth / ai / knowledge / lib / db -> packages/shared
// A feature never imports another feature: what two features share moves down to components/ or
// lib/, or the route (app/) composes both. Import cycles (type-only ones too, which import-x/no-cycle
// skips) are found by `npm run lint:cycles` (madge), part of `npm run lint`: it takes seconds where
// no-cycle took a fifth of the lint time. scripts/architecture.test.ts seeds violations to prove
// both fire.
const WEB = "./apps/web/src";
const webFeatures = fs
  .readdirSync(new URL(`${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** `import-x/no-restricted-paths` zones: `target` may not import from `from` (paths from the repo root). */
const layerZones = [
  // packages/shared is the bottom layer: pure, used by both apps, importing neither.
  {
    target: "./packages/shared",
    from: ["./apps"],
    message: "packages/shared is the bottom layer: it may not import from the apps.",
  },
  // The web app and the server are separate programs that meet only in packages/shared.
  {
    target: "./apps/web",
    from: "./apps/server",
    message: "The web app may not import server code: share it through packages/shared.",
  },
  {
    target: "./apps/server",
    from: "./apps/web",
    message: "The server may not import web app code: share it through packages/shared.",
  },
  // Web: features may not reach up into the app (routes, layout, router).
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: "A feature may not import from app/ (routes compose features, not the other way).",
  },
  // Web: components, lib and content are below features and the app.
  ...["components", "lib", "content"].map((layer) => ({
    target: `${WEB}/${layer}`,
    from: [`${WEB}/features`, `${WEB}/app`],
    message: `${layer}/ is below features and app/: move the shared piece down, or let the route compose the features.`,
  })),
  // Web: no feature imports another feature.
  ...webFeatures.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message:
      "A feature may not import another feature: move what both need to components/ or lib/, or compose them in the route.",
  })),
  // Server: the lower layers never import the HTTP layer above them.
  // (ai/ still reads image bytes through modules/images; that helper belongs in lib/ and is left
  // to the server's own restructuring, so ai/ is not a zone yet.)
  ...["lib", "db", "knowledge"].map((layer) => ({
    target: `./apps/server/src/${layer}`,
    from: [
      "./apps/server/src/modules",
      "./apps/server/src/plugins",
      "./apps/server/src/app.ts",
      "./apps/server/src/server.ts",
    ],
    message: `apps/server/src/${layer} is below plugins and modules: it may not import them.`,
  })),
];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "apps/server/drizzle/**",
      "test-results/**",
      "playwright-report/**",
      "bench/results/**",
      "data/pglite/**",
      "var/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "import-x": importX },
    settings: {
      // Without these, import-x cannot parse the imported TypeScript files.
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            "apps/web/tsconfig.json",
            "apps/server/tsconfig.json",
            "packages/shared/tsconfig.json",
            "tsconfig.tools.json",
          ],
        }),
      ],
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      "import-x/no-restricted-paths": ["error", { zones: layerZones }],
    },
  },
  // Type-aware rules on the TypeScript sources of the three workspaces (the project service
  // finds each file's tsconfig). A forgotten promise is a lost error or an unsaved record.
  {
    files: ["apps/**/*.{ts,tsx}", "packages/**/*.ts", "e2e/**/*.ts", "bench/**/*.ts"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": [
        "error",
        // React event handlers may be async; what matters is that their promise is handled.
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  // The browser tests and benches are typed by tsconfig.tools.json (no tsconfig.json of their own).
  {
    files: ["e2e/**/*.ts", "bench/**/*.ts"],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: "./tsconfig.tools.json",
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    files: ["apps/web/src/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Our Label primitive is a <label>: check its uses, not only bare <label>s.
      "jsx-a11y/label-has-associated-control": [
        "error",
        { labelComponents: ["Label"], assert: "either" },
      ],
      // A sideways-scrolling table region must be focusable so a keyboard can scroll it (axe's
      // scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { roles: ["region", "tabpanel"] }],
      // "Photo of <bird>" is the spec's alt text and what the browser tests find birds by.
      "jsx-a11y/img-redundant-alt": "off",
    },
  },
  // The primitives pass children and htmlFor through props, which the rules cannot see; their
  // uses are checked instead (Label above).
  {
    files: ["apps/web/src/components/ui/**/*.tsx"],
    rules: {
      "jsx-a11y/heading-has-content": "off",
      "jsx-a11y/label-has-associated-control": "off",
    },
  },
);
