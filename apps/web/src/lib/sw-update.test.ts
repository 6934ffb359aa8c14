import "fake-indexeddb/auto";
import { createStore } from "idb-keyval";
import { describe, expect, it, vi } from "vitest";

vi.mock("virtual:pwa-register", () => ({ registerSW: vi.fn() }));
const { ApiError } = await import("./api-client");
const { createOutbox } = await import("./outbox");
const { whenOutboxEmpty } = await import("./sw-update");

describe("a new service worker version waits for the outbox", () => {
  it("takes over only once nothing waits to be sent (a refused change does not hold it)", async () => {
    const store = createStore("sw-update-test", "kv");
    const box = createOutbox(() => store);
    const base = { userId: "u1", method: "POST" as const, url: "/api/x", label: "x", createdAt: 0 };
    await box.add({ ...base, key: "k1" });
    await box.add({ ...base, key: "k2" });
    let ready = false;
    const waiting = whenOutboxEmpty(box).then(() => (ready = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(ready).toBe(false);
    await box.flush("u1", async (e) => {
      if (e.key === "k2") throw new ApiError(400, "400: no");
    });
    await waiting;
    expect(ready).toBe(true);
    expect(box.list("u1").map((e) => e.key)).toEqual(["k2"]);
  });

  it("resolves at once with an empty outbox", async () => {
    const box = createOutbox(() => createStore("sw-update-test-2", "kv"));
    await expect(whenOutboxEmpty(box)).resolves.toBeUndefined();
  });
});
