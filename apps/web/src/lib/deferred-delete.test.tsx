import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UNDO_MS, useDeferredDelete } from "./deferred-delete";
import { useToastState } from "./toast";

const ROWS = [
  { id: "a", name: "Mabel" },
  { id: "b", name: "Maud" },
];

/** A list with Delete per row, and the toast's action as a button (the real Toaster is Radix). */
function List({ onDeleted }: { onDeleted?: () => void }) {
  const { hidden, remove } = useDeferredDelete();
  const toast = useToastState();
  return (
    <>
      <ul>
        {ROWS.filter((r) => !hidden.has(r.id)).map((r) => (
          <li key={r.id}>
            {r.name}
            <button
              onClick={() =>
                remove({ id: r.id, url: `/api/x/${r.id}`, title: "Deleted", onDeleted })
              }
            >
              Delete {r.name}
            </button>
          </li>
        ))}
      </ul>
      {toast?.open && toast.action && (
        <button onClick={toast.action.onClick}>{toast.action.label}</button>
      )}
    </>
  );
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const click = (name: string) => act(() => screen.getByRole("button", { name }).click());

describe("useDeferredDelete", () => {
  it("hides the row at once and sends DELETE only after 5 s", async () => {
    const onDeleted = vi.fn();
    render(<List onDeleted={onDeleted} />);
    click("Delete Mabel");
    expect(screen.queryByText("Mabel")).toBeNull();
    expect(screen.getByRole("button", { name: "Undo" })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS - 1));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/x/a");
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: "DELETE", keepalive: true });
    expect(onDeleted).toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
  });

  it("Undo brings the row back and nothing is ever sent", async () => {
    render(<List />);
    click("Delete Maud");
    expect(screen.queryByText("Maud")).toBeNull();
    click("Undo");
    expect(screen.getByText("Maud")).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS * 2));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends at once when the list unmounts or the page is left", async () => {
    const view = render(<List />);
    click("Delete Mabel");
    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    render(<List />);
    click("Delete Maud");
    act(() => void window.dispatchEvent(new Event("pagehide")));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]![0]).toBe("/api/x/b");
  });

  it("shows the row again and says so when the server refuses", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: "A helper can change only the records they added" }), {
        status: 403,
        headers: { "content-type": "application/json" },
      }),
    );
    render(<List />);
    click("Delete Mabel");
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS));
    expect(screen.getByText("Mabel")).toBeTruthy();
  });
});
