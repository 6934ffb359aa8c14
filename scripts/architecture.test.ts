// Proves the architecture rules in eslint.config.js and `npm run lint:cycles` fire: each case
// seeds one violation into the text of a real file (so imports resolve and types are known) and
// expects the named rule to report it. If a rule is dropped or mis-pointed, this test fails.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import madge from "madge";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `code` placed in the (existing) file `file`. */
async function rulesFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

const RESTRICTED = "import-x/no-restricted-paths";

describe("layer boundaries (eslint.config.js)", () => {
  it("a feature may not import another feature", async () => {
    const rules = await rulesFor(
      "apps/web/src/features/flock/api/save-chicken.ts",
      'import { useEggRecords } from "@/features/eggs/api/egg-records";\nexport const x = useEggRecords;\n',
    );
    expect(rules).toContain(RESTRICTED);
  });

  it("a feature may import its own files, components, lib and shared", async () => {
    const rules = await rulesFor(
      "apps/web/src/features/flock/api/save-chicken.ts",
      [
        'import { chickensQueryKey } from "@/lib/chickens";',
        'import { Button } from "@/components/ui/button";',
        'import { speciesLabel } from "@flockkeeper/shared/schemas/species";',
        "export const x = [chickensQueryKey, Button, speciesLabel];",
        "",
      ].join("\n"),
    );
    expect(rules).toEqual([]);
  });

  it("components/ may not import a feature", async () => {
    const rules = await rulesFor(
      "apps/web/src/components/bird-picker.tsx",
      'import { AdSlot } from "@/features/ads/components/ad-slot";\nexport const x = AdSlot;\n',
    );
    expect(rules).toContain(RESTRICTED);
  });

  it("lib/ may not import the app", async () => {
    const rules = await rulesFor(
      "apps/web/src/lib/chickens.ts",
      'import { AppRoutes } from "@/app/router";\nexport const x = AppRoutes;\n',
    );
    expect(rules).toContain(RESTRICTED);
  });

  it("a feature may not import the app", async () => {
    const rules = await rulesFor(
      "apps/web/src/features/flock/api/save-chicken.ts",
      'import { AppRoutes } from "@/app/router";\nexport const x = AppRoutes;\n',
    );
    expect(rules).toContain(RESTRICTED);
  });

  it("packages/shared may not import the apps", async () => {
    const rules = await rulesFor(
      "packages/shared/src/domain/dates.ts",
      'import { cn } from "../../../../apps/web/src/lib/cn";\nexport const x = cn;\n',
    );
    expect(rules).toContain(RESTRICTED);
  });

  it("the server's lib/ may not import a module", async () => {
    const rules = await rulesFor(
      "apps/server/src/lib/errors.ts",
      'import { modules } from "../modules/index";\nexport const x = modules;\n',
    );
    expect(rules).toContain(RESTRICTED);
  });
});

describe("cycles (npm run lint:cycles)", () => {
  async function cyclesIn(files: Record<string, string>) {
    const dir = mkdtempSync(path.join(tmpdir(), "fk-cycle-"));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    return (await madge(dir, { fileExtensions: ["ts"] })).circular();
  }

  it("finds a cycle of value imports", async () => {
    expect(
      await cyclesIn({
        "a.ts": 'import { b } from "./b";\nexport const a = () => b;\n',
        "b.ts": 'import { a } from "./a";\nexport const b = () => a;\n',
      }),
    ).toEqual([["a.ts", "b.ts"]]);
  });

  it("finds a cycle of type-only imports, which eslint's import-x/no-cycle skips", async () => {
    expect(
      await cyclesIn({
        "a.ts": 'import type { B } from "./b";\nexport type A = B[];\n',
        "b.ts": 'import type { A } from "./a";\nexport type B = A;\n',
      }),
    ).toEqual([["a.ts", "b.ts"]]);
  });

  it("the web app with shared, and the server, have none (with their path aliases resolved)", async () => {
    const web = await madge(["apps/web/src", "packages/shared/src"], {
      baseDir: root,
      fileExtensions: ["ts", "tsx"],
      tsConfig: path.join(root, "apps/web/tsconfig.json"),
    });
    // The alias `@/` resolved: a route file's dependencies include lib files.
    expect(Object.keys(web.obj()).length).toBeGreaterThan(200);
    expect(web.circular()).toEqual([]);
    const server = await madge("apps/server/src", {
      baseDir: root,
      fileExtensions: ["ts"],
      tsConfig: path.join(root, "apps/server/tsconfig.json"),
    });
    expect(server.circular()).toEqual([]);
  });
});

describe("type-aware and accessibility rules", () => {
  it("a forgotten promise is an error", async () => {
    const rules = await rulesFor(
      "apps/web/src/lib/chickens.ts",
      'export function f() {\n  fetch("/api/health");\n}\n',
    );
    expect(rules).toContain("@typescript-eslint/no-floating-promises");
  });

  it("an image without alt text is an error", async () => {
    const rules = await rulesFor(
      "apps/web/src/components/ad-image.tsx",
      'export const X = () => <img src="/a.png" />;\n',
    );
    expect(rules).toContain("jsx-a11y/alt-text");
  });
});
