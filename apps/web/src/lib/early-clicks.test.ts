import { afterEach, describe, expect, it, vi } from "vitest";
import { BOOT_SCRIPT } from "@flockkeeper/shared/site/boot-script";
import { holdEarlyClicks, releaseEarlyClicks } from "./early-clicks";

/** In these tests React has hydrated everything at once (the last test: later). */
const hydrated = () => true;

afterEach(() => {
  document.body.innerHTML = "";
});

function page() {
  document.body.innerHTML = `
    <div id="root">
      <button id="menu"><svg><path id="icon"></path></svg></button>
      <form id="form"><button id="save" type="submit">Save</button></form>
      <a id="link" href="#guide">Guide</a>
      <input id="name" />
    </div>`;
  const el = (id: string) => document.getElementById(id)!;
  return { el, root: el("root") };
}

describe("holdEarlyClicks", () => {
  it("holds a tap on a button until React listens, then replays it once", () => {
    const { el, root } = page();
    const release = holdEarlyClicks(document, window, hydrated);
    const seen = vi.fn();
    // A tap on the icon inside the button, as a finger lands.
    el("icon").dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    el("icon").dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    // React's listener, attached to the root when it hydrates.
    root.addEventListener("click", (e) => seen((e.target as Element).id));
    expect(seen).not.toHaveBeenCalled();
    release();
    // Two taps on the same button before React listened count as one.
    expect(seen.mock.calls).toEqual([["menu"]]);
    // Released: later taps go straight through, and releasing again replays nothing.
    el("menu").click();
    release();
    expect(seen.mock.calls).toEqual([["menu"], ["menu"]]);
  });

  it("stops a submit button from posting the form natively before React handles it", () => {
    const { el } = page();
    const release = holdEarlyClicks(document, window, hydrated);
    const submitted = vi.fn();
    el("form").addEventListener("submit", (e) => {
      // React's onSubmit, which handles the form itself.
      e.preventDefault();
      submitted();
    });
    const tap = new MouseEvent("click", { bubbles: true, cancelable: true });
    el("save").dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(true);
    expect(submitted).not.toHaveBeenCalled();
    release();
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it("leaves links and form fields alone: they work without JavaScript", () => {
    const { el } = page();
    const release = holdEarlyClicks(document, window, hydrated);
    const seen = vi.fn();
    document.addEventListener("click", (e) => seen((e.target as Element).id, e.defaultPrevented));
    el("link").click();
    el("name").click();
    expect(seen.mock.calls).toEqual([
      ["link", false],
      ["name", false],
    ]);
    release();
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it("does not replay a tap on a button that is gone by then", () => {
    const { el, root } = page();
    const release = holdEarlyClicks(document, window, hydrated);
    const menu = el("menu");
    menu.click();
    menu.remove();
    const seen = vi.fn();
    menu.addEventListener("click", seen);
    root.addEventListener("click", seen);
    release();
    expect(seen).not.toHaveBeenCalled();
  });

  it("takes over the taps the page's inline loader held before the app ran", () => {
    const { el, root } = page();
    // The prerendered page's loader, run as the browser runs it (before any module).
    Object.defineProperty(document, "currentScript", {
      configurable: true,
      value: { dataset: { entry: "/e.js", preload: "" } },
    });
    const later: Array<() => void> = [];
    new Function("document", "requestAnimationFrame", "setTimeout", BOOT_SCRIPT)(
      document,
      () => undefined,
      (f: () => void) => later.push(f),
    );
    Reflect.deleteProperty(document, "currentScript");
    const seen = vi.fn();
    root.addEventListener("click", (e) => seen((e.target as Element).id));
    el("form").addEventListener("submit", (e) => e.preventDefault());
    // Held by the loader: a button (twice), not a link.
    el("icon").dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    el("menu").click();
    el("link").click();
    expect(seen.mock.calls).toEqual([["link"]]);
    expect(window.fkEarlyClicks?.held).toEqual([el("menu")]);
    // The app starts: it holds from now on, with the loader's taps, and the loader's hold is gone.
    const release = holdEarlyClicks(document, window, hydrated);
    expect(window.fkEarlyClicks).toBeUndefined();
    el("save").click();
    expect(seen.mock.calls).toEqual([["link"]]);
    release();
    expect(seen.mock.calls).toEqual([["link"], ["menu"], ["save"]]);
    el("menu").click();
    expect(seen.mock.calls).toEqual([["link"], ["menu"], ["save"], ["menu"]]);
  });

  it("gives the taps back when the page says it has hydrated (releaseEarlyClicks), once", () => {
    const { el, root } = page();
    holdEarlyClicks(document, window, hydrated);
    el("menu").click();
    const seen = vi.fn();
    root.addEventListener("click", seen);
    expect(seen).not.toHaveBeenCalled();
    releaseEarlyClicks();
    expect(seen).toHaveBeenCalledTimes(1);
    releaseEarlyClicks();
    el("menu").click();
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it("replays the press as well as the click: some controls act on the press (Radix tabs)", () => {
    const { el } = page();
    const release = holdEarlyClicks(document, window, hydrated);
    el("menu").click();
    const events: string[] = [];
    for (const type of ["pointerdown", "mousedown", "pointerup", "mouseup", "click"]) {
      el("menu").addEventListener(type, (e) =>
        events.push(`${e.type}:${(e as MouseEvent).button}`),
      );
    }
    release();
    expect(events).toEqual(["pointerdown:0", "mousedown:0", "pointerup:0", "mouseup:0", "click:0"]);
  });

  it("waits for React to hydrate the tapped control before replaying (a later boundary)", async () => {
    vi.useFakeTimers();
    try {
      const { el, root } = page();
      let ready = false;
      const release = holdEarlyClicks(document, window, () => ready);
      el("menu").click();
      const seen = vi.fn();
      root.addEventListener("click", seen);
      release();
      await vi.advanceTimersByTimeAsync(500);
      expect(seen).not.toHaveBeenCalled();
      ready = true;
      await vi.advanceTimersByTimeAsync(50);
      expect(seen).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("knows an element React has hydrated by the props React keeps on it", async () => {
    const { reactHydrated } = await import("./early-clicks");
    const { el } = page();
    expect(reactHydrated(el("menu"))).toBe(false);
    Object.assign(el("menu"), { __reactProps$abc123: { onClick: () => undefined } });
    expect(reactHydrated(el("menu"))).toBe(true);
  });
});
