import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { stacklessSentinels } from "./sentinel-errors-plugin";

const require = createRequire(import.meta.url);

describe("stacklessSentinels", () => {
  it("makes React DOM's five top-level sentinel errors without a stack, keeping the message", () => {
    // The package's exports hide its cjs/ folder; the file sits beside its package.json.
    const file = path.join(
      path.dirname(require.resolve("react-dom/package.json")),
      "cjs/react-dom-client.production.js",
    );
    const { code, count } = stacklessSentinels(readFileSync(file, "utf8"));
    expect(count).toBe(5);
    expect(code).toContain(
      "var SuspenseException = __fkSentinelError(formatProdErrorMessage(460)),",
    );
    // Still strict: the helper comes after the module's code, not before its "use strict".
    expect(code.trimStart().startsWith("/**")).toBe(true);
    expect(code.indexOf('"use strict"')).toBeLessThan(code.indexOf("function __fkSentinelError"));
  });

  it("builds an Error with the message and no stack", () => {
    const { code } = stacklessSentinels(
      "var A = Error(formatProdErrorMessage(460)),\n  B = Error(formatProdErrorMessage(461));\nreturn [A, B];",
    );
    const run = new Function("formatProdErrorMessage", code) as (
      f: (n: number) => string,
    ) => Error[];
    const [a, b] = run((n) => `Minified React error #${n}`);
    expect(a).toBeInstanceOf(Error);
    expect(a!.message).toBe("Minified React error #460");
    expect(b!.message).toBe("Minified React error #461");
    expect(a!.stack).toBeUndefined();
    expect(a).not.toBe(b);
  });

  it("leaves other code alone", () => {
    const code = "if (x) throw Error(formatProdErrorMessage(418));";
    expect(stacklessSentinels(code)).toEqual({ code, count: 0 });
  });
});
