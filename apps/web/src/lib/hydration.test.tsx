import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useShownAfterMount, WhenHydrated } from "./hydration";

function Probe({ log }: { log: boolean[] }) {
  const shown = useShownAfterMount();
  log.push(shown);
  return <span>{shown ? "shown" : "waiting"}</span>;
}

// React's act() outside Testing Library's render.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = "";
});

describe("WhenHydrated", () => {
  it("renders the neutral state in the HTML and while hydrating, then the browser's", async () => {
    const tree = (
      <WhenHydrated>{(hydrated) => <b>{hydrated ? "browser" : "neutral"}</b>}</WhenHydrated>
    );
    const html = renderToString(tree);
    expect(html).toBe("<b>neutral</b>");
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const onRecoverableError = vi.fn();
    await act(async () => {
      hydrateRoot(container, tree, { onRecoverableError });
    });
    // Hydration matched the HTML (no mismatch), and the part then showed the browser's state.
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(container.textContent).toBe("browser");
    errors.mockRestore();
  });
});

describe("useShownAfterMount", () => {
  it("is false on the first render, then true after a transition", async () => {
    const log: boolean[] = [];
    const html = renderToString(<Probe log={[]} />);
    expect(html).toBe("<span>waiting</span>");
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, <Probe log={log} />);
    });
    expect(log[0]).toBe(false);
    expect(log.at(-1)).toBe(true);
    expect(container.textContent).toBe("shown");
  });
});
