import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { BATCH, BOOT_SCRIPT, bootScriptTag } from "./boot-script";

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

  it("adds the preloads, the deferred stylesheet and the entry once, after the first frame, in batches of a task each", () => {
    const added: Array<{ tag: string; attrs: Record<string, string> }> = [];
    const preloads = Array.from({ length: BATCH + 3 }, (_, i) => `/${i}.js`);
    const frames: Array<() => void> = [];
    const timers: Array<() => void> = [];
    type Added = { tag: string; attrs: Record<string, string> };
    // The loader inserts fragments of at most BATCH elements into the head, one a task.
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
        dataset: { entry: "/e.js", preload: preloads.join(" "), css: "/s.css" },
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
    // The first batch now; the rest in the next task.
    expect(insertions).toEqual([BATCH]);
    timers[0]!(); // the hidden-tab timer as well: nothing twice
    expect(insertions).toEqual([BATCH]);
    timers.at(-1)!();
    expect(timers).toHaveLength(3); // no further task once all is in
    expect(added.map((e) => [e.tag, e.attrs.href ?? e.attrs.src])).toEqual([
      ...preloads.map((u) => ["link", u]),
      ["link", "/s.css"],
      ["script", "/e.js"],
    ]);
    expect(insertions).toEqual([BATCH, 5]);
    expect(added[0]!.attrs).toMatchObject({ rel: "modulepreload", crossorigin: "" });
    expect(added.at(-2)!.attrs).toMatchObject({ media: "print", "data-deferred-css": "" });
    expect(added.at(-1)!.attrs).toMatchObject({ type: "module", crossorigin: "" });
  });
});
