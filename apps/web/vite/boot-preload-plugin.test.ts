import { describe, expect, it } from "vitest";
import { bootChunkFiles, isBootStage } from "./boot-preload-plugin";

describe("bootChunkFiles", () => {
  it("lists the boot stages' chunks and everything they import statically, once each", () => {
    const chunks = [
      {
        fileName: "assets/index.js",
        imports: ["assets/react.js"],
        facadeModuleId: "/w/apps/web/src/main.tsx",
      },
      {
        fileName: "assets/boot-react.js",
        imports: ["assets/react-dom.js", "assets/react.js"],
        facadeModuleId: "/w/apps/web/src/app/boot-react.ts",
      },
      { fileName: "assets/react-dom.js", imports: ["assets/react.js"], facadeModuleId: null },
      { fileName: "assets/react.js", imports: [], facadeModuleId: null },
      {
        fileName: "assets/home.js",
        imports: ["assets/react.js"],
        facadeModuleId: "/w/apps/web/src/app/routes/home.tsx",
      },
    ];
    expect(bootChunkFiles(chunks)).toEqual([
      "assets/boot-react.js",
      "assets/react-dom.js",
      "assets/react.js",
    ]);
  });

  it("knows a boot stage by its file, in a module id or a manifest key", () => {
    expect(isBootStage("/w/apps/web/src/app/boot-react.ts")).toBe(true);
    expect(isBootStage("src/app/boot-react.ts")).toBe(true);
    expect(isBootStage("src/app/routes/boot-camp.tsx")).toBe(false);
    expect(isBootStage("src/main.tsx")).toBe(false);
  });
});
