import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { BOOT_SCRIPT, bootScriptTag } from "./boot-script";

describe("boot script", () => {
  it("writes what to load as attributes, so the script's text (and CSP hash) never changes", () => {
    const a = bootScriptTag({ entry: "/assets/index-a.js", preload: ["/assets/x.js"] });
    const b = bootScriptTag({ entry: "/b.js", preload: [], css: '/s "q".css' });
    expect(a).toBe(
      `<script data-entry="/assets/index-a.js" data-preload="/assets/x.js">${BOOT_SCRIPT}</script>`,
    );
    expect(b).toContain('data-css="/s &quot;q&quot;.css"');
    expect(b.endsWith(`>${BOOT_SCRIPT}</script>`)).toBe(true);
    expect(createHash("sha256").update(BOOT_SCRIPT).digest("base64")).toMatch(/=$/);
  });

  it("adds the preloads, the deferred stylesheet and the entry once, after the first frame", () => {
    const added: Array<{ tag: string; attrs: Record<string, string> }> = [];
    const frames: Array<() => void> = [];
    const timers: Array<() => void> = [];
    type Added = { tag: string; attrs: Record<string, string> };
    // The loader builds everything in a fragment and inserts it into the head once.
    const insertions: number[] = [];
    const head = {
      appendChild: (f: { children: Added[] }) => {
        insertions.push(f.children.length);
        added.push(...f.children);
      },
    };
    const listeners: unknown[] = [];
    const window: { fkEarlyClicks?: unknown } = {};
    const document = {
      head,
      addEventListener: (...args: unknown[]) => listeners.push(args),
      createDocumentFragment: () => {
        const children: Added[] = [];
        return { children, appendChild: (e: Added) => children.push(e) };
      },
      createElement: (tag: string) => {
        const attrs: Record<string, string> = {};
        return { tag, attrs, setAttribute: (k: string, v: string) => (attrs[k] = v) };
      },
      currentScript: {
        dataset: { entry: "/e.js", preload: "/a.js /b.js", css: "/s.css" },
      },
    };
    const run = new Function(
      "document",
      "window",
      "requestAnimationFrame",
      "setTimeout",
      BOOT_SCRIPT,
    );
    run(
      document,
      window,
      (f: () => void) => frames.push(f),
      (f: () => void) => timers.push(f),
    );
    expect(added).toEqual([]); // nothing before the first frame
    // ...but early taps are held from the start (apps/web/src/lib/early-clicks.test.ts).
    expect(listeners).toEqual([["click", expect.any(Function), true]]);
    expect(window.fkEarlyClicks).toEqual({ held: [], hold: expect.any(Function) });
    frames[0]!(); // the frame: schedules the load for the task after it
    expect(added).toEqual([]);
    timers.at(-1)!();
    timers[0]!(); // the hidden-tab timer as well: nothing twice
    expect(added.map((e) => [e.tag, e.attrs.href ?? e.attrs.src])).toEqual([
      ["link", "/a.js"],
      ["link", "/b.js"],
      ["link", "/s.css"],
      ["script", "/e.js"],
    ]);
    expect(insertions).toEqual([4]);
    expect(added[2]!.attrs).toMatchObject({ media: "print", "data-deferred-css": "" });
    expect(added[3]!.attrs).toMatchObject({ type: "module", crossorigin: "" });
  });
});
