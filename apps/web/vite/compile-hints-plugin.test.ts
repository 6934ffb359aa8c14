import { describe, expect, it } from "vitest";
import { COMPILE_HINT, compileHintsPlugin } from "./compile-hints-plugin";

type Hook = (this: unknown, options: { format: string }, bundle: Record<string, unknown>) => void;

function run(consumer: "client" | "server", bundle: Record<string, unknown>, format = "es") {
  const hook = compileHintsPlugin().generateBundle as unknown as { order: string; handler: Hook };
  expect(hook.order).toBe("post");
  hook.handler.call({ environment: { config: { consumer } } }, { format }, bundle);
  return bundle;
}

describe("compileHintsPlugin", () => {
  it("puts the hint on the first line of every browser chunk, once, and keeps maps in line", () => {
    const chunk = { type: "chunk", code: "const a=1;", map: { mappings: "AAAA" } };
    const asset = { type: "asset", source: "body{}" };
    run("client", { "a.js": chunk, "a.css": asset });
    expect(chunk.code).toBe(`${COMPILE_HINT}const a=1;`);
    expect(chunk.code.split("\n")[0]).toBe("//# allFunctionsCalledOnLoad");
    expect(chunk.map.mappings).toBe(";AAAA");
    expect(asset.source).toBe("body{}");
    run("client", { "a.js": chunk });
    expect(chunk.code.indexOf(COMPILE_HINT, 1)).toBe(-1);
  });

  it("leaves the prerender (server) build alone", () => {
    const chunk = { type: "chunk", code: "export{}" };
    run("server", { "p.mjs": chunk });
    expect(chunk.code).toBe("export{}");
  });
});
