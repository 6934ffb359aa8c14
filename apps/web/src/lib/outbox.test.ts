import "fake-indexeddb/auto";
import { createStore } from "idb-keyval";
import { Blob as NodeBlob } from "node:buffer";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import {
  NOT_APPLIED_MESSAGE,
  PHOTO_KEPT,
  PHOTO_MISSING_MESSAGE,
  createOutbox,
  resolveEdit,
  isQueued,
  outbox,
  sendOrQueue,
  setOutboxUser,
  type OutboxEntry,
} from "./outbox";

let n = 0;
const freshStore = () => {
  const s = createStore(`outbox-test-${++n}`, "kv");
  return () => s;
};

const entry = (key: string, userId = "u1", extra: Partial<OutboxEntry> = {}): OutboxEntry => ({
  key,
  userId,
  method: "POST",
  url: "/api/egg-collections",
  body: { eggs: 1 },
  label: key,
  createdAt: 0,
  ...extra,
});

describe("outbox", () => {
  it("keeps entries in IndexedDB: a new outbox on the same store (a reload) has them, in order", async () => {
    const store = freshStore();
    const a = createOutbox(store);
    await a.add(entry("k1"));
    await a.add(entry("k2"));
    await a.add(entry("k3", "someone-else"));
    const b = createOutbox(store);
    await b.load();
    expect(b.list("u1").map((e) => e.key)).toEqual(["k1", "k2"]);
    expect(b.list("someone-else").map((e) => e.key)).toEqual(["k3"]);
  });

  it("sends the keeper's entries in order, each with its own entry, and empties the list", async () => {
    const box = createOutbox(freshStore());
    await box.add(entry("k1"));
    await box.add(entry("x", "other"));
    await box.add(entry("k2"));
    const sent: string[] = [];
    const r = await box.flush("u1", async (e) => void sent.push(e.key));
    expect(sent).toEqual(["k1", "k2"]);
    expect(r).toEqual({ sent: 2, refused: 0, left: 0 });
    expect(box.list("u1")).toEqual([]);
    // Another keeper's entry is never sent by this session.
    expect(box.list("other").map((e) => e.key)).toEqual(["x"]);
  });

  it("a network failure stops the run and keeps that entry and the ones after it", async () => {
    const box = createOutbox(freshStore());
    for (const k of ["k1", "k2", "k3"]) await box.add(entry(k));
    const sent: string[] = [];
    const r = await box.flush("u1", async (e) => {
      if (e.key === "k2") throw new ApiError(0, "Network error");
      sent.push(e.key);
    });
    expect(sent).toEqual(["k1"]);
    expect(r).toMatchObject({ sent: 1, refused: 0, left: 2, error: "Network error" });
    expect(box.list("u1").map((e) => e.key)).toEqual(["k2", "k3"]);
  });

  it("a server error (5xx) or a key still in flight (409) stays queued for the next try", async () => {
    for (const status of [500, 503, 409, 429]) {
      const box = createOutbox(freshStore());
      await box.add(entry("k1"));
      const r = await box.flush("u1", async () => {
        throw new ApiError(status, `${status}: try later`, { code: "IDEMPOTENCY_KEY_IN_USE" });
      });
      expect(r.left).toBe(1);
      expect(box.list("u1")[0]!.refused).toBeUndefined();
    }
  });

  it("a refusal (4xx) stays visible with the server's message; the next entries are still sent", async () => {
    const box = createOutbox(freshStore());
    await box.add(entry("k1"));
    await box.add(entry("k2"));
    const r = await box.flush("u1", async (e) => {
      if (e.key === "k1") throw new ApiError(400, "400: Only 3 birds in this flock");
    });
    expect(r).toEqual({ sent: 1, refused: 1, left: 0 });
    expect(box.list("u1")).toEqual([
      { ...entry("k1"), refused: { status: 400, message: "Only 3 birds in this flock" } },
    ]);
    // Not sent again by the next run: it waits for the keeper.
    const send = vi.fn();
    await box.flush("u1", send);
    expect(send).not.toHaveBeenCalled();
    await box.discard("k1");
    expect(box.list("u1")).toEqual([]);
  });

  it("two runs at once send each entry once", async () => {
    const box = createOutbox(freshStore());
    await box.add(entry("k1"));
    const send = vi.fn(async () => new Promise((r) => setTimeout(r, 5)));
    await Promise.all([box.flush("u1", send), box.flush("u1", send)]);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("clearUser drops one keeper's entries only", async () => {
    const box = createOutbox(freshStore());
    await box.add(entry("k1"));
    await box.add(entry("k2", "other"));
    await box.clearUser("u1");
    expect(box.snapshot()!.map((e) => e.key)).toEqual(["k2"]);
  });
});

describe("sendOrQueue", () => {
  const online = vi.spyOn(navigator, "onLine", "get");
  afterEach(() => {
    vi.unstubAllGlobals();
    online.mockReset();
    setOutboxUser(null);
  });

  it("online: sends at once with a fresh Idempotency-Key", async () => {
    online.mockReturnValue(true);
    const fetchMock = vi.fn(
      async () => new Response('{"id":"c1"}', { headers: { "content-type": "application/json" } }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const r = await sendOrQueue("POST", "/api/egg-collections", { eggs: 3 }, "basket");
    expect(r).toEqual({ id: "c1" });
    const headers = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1]
      .headers as Record<string, string>;
    expect(headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("offline: kept in the outbox under the keeper, with the key it will be sent with", async () => {
    online.mockReturnValue(false);
    setOutboxUser("keeper-1");
    const r = await sendOrQueue("POST", "/api/egg-collections", { eggs: 3 }, "basket");
    expect(isQueued(r)).toBe(true);
    const kept = outbox.list("keeper-1");
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      key: isQueued(r) ? r.key : "",
      method: "POST",
      url: "/api/egg-collections",
      body: { eggs: 3 },
      label: "basket",
    });
    await outbox.clearUser("keeper-1");
  });

  it("a request that got no answer is kept; a refusal is thrown", async () => {
    online.mockReturnValue(true);
    setOutboxUser("keeper-2");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    expect(isQueued(await sendOrQueue("POST", "/api/x", {}, "x"))).toBe(true);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response('{"message":"Too many"}', { status: 400 })),
    );
    await expect(sendOrQueue("POST", "/api/x", {}, "x")).rejects.toMatchObject({ status: 400 });
    expect(outbox.list("keeper-2")).toHaveLength(1);
    await outbox.clearUser("keeper-2");
  });

  it("a photo taken offline is kept as a Blob beside its entry and sent in the body, the same each time", async () => {
    // jsdom's Blob does not go through fake-indexeddb's structured clone; Node's (as a browser's) does.
    vi.stubGlobal("Blob", NodeBlob);
    online.mockReturnValue(false);
    setOutboxUser("keeper-3");
    const jpeg = "data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==";
    const r = await sendOrQueue(
      "POST",
      "/api/analyze-health",
      { image: jpeg.slice(jpeg.indexOf(",") + 1), species: "chicken" },
      "Health check photo",
      undefined,
      { field: "image", as: "base64" },
    );
    const key = isQueued(r) ? r.key : "";
    const [kept] = outbox.list("keeper-3");
    // The list holds no photo bytes: the Blob has its own key.
    expect(kept!.body).toEqual({ image: PHOTO_KEPT, species: "chicken" });
    const blob = await outbox.photo(key);
    expect(blob?.type).toBe("image/jpeg");
    expect(blob?.size).toBe(13);

    const bodies: unknown[] = [];
    const answers: unknown[] = [];
    const off = outbox.onSent((k, answer) => answers.push([k, answer]));
    // First try: the connection drops; second: sent. Both carry the same body under the same key.
    let tries = 0;
    const send = async (e: OutboxEntry) => {
      bodies.push([e.key, e.body]);
      if (++tries === 1) throw new ApiError(0, "Network error");
      return { healthStatus: "healthy" };
    };
    expect((await outbox.flush("keeper-3", send)).left).toBe(1);
    expect((await outbox.flush("keeper-3", send)).sent).toBe(1);
    off();
    const sentBody = { image: "/9j/4AAQSkZJRgABAQ==", species: "chicken" };
    expect(bodies).toEqual([
      [key, sentBody],
      [key, sentBody],
    ]);
    expect(answers).toEqual([[key, { healthStatus: "healthy" }]]);
    // Sent: the entry and its photo are gone.
    expect(outbox.list("keeper-3")).toEqual([]);
    expect(await outbox.photo(key)).toBeUndefined();
  });

  it("a photo kept as a data URL; discarding the entry removes the photo too", async () => {
    vi.stubGlobal("Blob", NodeBlob);
    online.mockReturnValue(false);
    setOutboxUser("keeper-4");
    const png = "data:image/png;base64,iVBORw0KGgo=";
    const r = await sendOrQueue(
      "PATCH",
      "/api/chickens/c1",
      { imageUrl: png },
      "Photo",
      undefined,
      {
        field: "imageUrl",
        as: "dataUrl",
      },
    );
    const key = isQueued(r) ? r.key : "";
    const sent: unknown[] = [];
    // A photo lost from storage: refused with a message, nothing sent.
    const store = freshStore();
    const box = createOutbox(store);
    await box.add({ ...outbox.list("keeper-4")[0]! });
    expect(await box.flush("keeper-4", async (e) => void sent.push(e.body))).toMatchObject({
      refused: 1,
    });
    expect(box.list("keeper-4")[0]!.refused?.message).toBe(PHOTO_MISSING_MESSAGE);
    // The app's outbox has it: sent as the same data URL.
    await outbox.flush("keeper-4", async (e) => void sent.push(e.body));
    expect(sent).toEqual([{ imageUrl: png }]);
    const r2 = await sendOrQueue(
      "PATCH",
      "/api/chickens/c1",
      { imageUrl: png },
      "Photo",
      undefined,
      {
        field: "imageUrl",
        as: "dataUrl",
      },
    );
    const key2 = isQueued(r2) ? r2.key : "";
    expect(await outbox.photo(key2)).toBeDefined();
    await outbox.discard(key2);
    expect(await outbox.photo(key2)).toBeUndefined();
    expect(await outbox.photo(key)).toBeUndefined();
  });

  it("offline with no keeper known: refused with a message, nothing kept", async () => {
    online.mockReturnValue(false);
    await expect(sendOrQueue("POST", "/api/x", {}, "x")).rejects.toMatchObject({
      status: 0,
      message: "This needs a connection: you are offline.",
    });
  });
});

describe("conflicts (an edit kept offline meets a change made meanwhile)", () => {
  const MADE = Date.parse("2026-11-26T10:00:00Z");
  const edit = (body: Record<string, unknown>, base: Record<string, unknown>) =>
    entry("e1", "u1", {
      method: "PATCH",
      url: "/api/egg-collections/b1",
      body,
      createdAt: MADE,
      check: { url: "/api/egg-collections?from=2026-11-26&to=2026-11-26", id: "b1", base },
    });

  it("a field only someone else changed keeps their value; a field only we changed is sent", () => {
    const r = resolveEdit(edit({ eggs: 7, cracked: 1 }, { eggs: 5, cracked: 1 }), {
      id: "b1",
      eggs: 5,
      cracked: 2,
      updatedAt: "2026-11-26T09:00:00Z",
    });
    expect(r).toEqual({ deleted: false, body: { eggs: 7 }, conflicts: [] });
  });

  it("a field both changed: the later edit wins, and the keeper is told what was overwritten", () => {
    const ours = edit({ eggs: 7 }, { eggs: 5 });
    // Their edit was earlier than ours: ours replaces it.
    expect(resolveEdit(ours, { id: "b1", eggs: 9, updatedAt: "2026-11-26T09:00:00Z" })).toEqual({
      deleted: false,
      body: { eggs: 7 },
      conflicts: [{ field: "eggs", theirs: 9, yours: 7, kept: "yours" }],
    });
    // Their edit came after ours (made offline earlier): theirs stays, ours is not sent.
    expect(resolveEdit(ours, { id: "b1", eggs: 9, updatedAt: "2026-11-26T11:00:00Z" })).toEqual({
      deleted: false,
      body: {},
      conflicts: [{ field: "eggs", theirs: 9, yours: 7, kept: "theirs" }],
    });
  });

  it("the same value reached both ways, or our own earlier try, is no conflict", () => {
    expect(resolveEdit(edit({ eggs: 7 }, { eggs: 5 }), { id: "b1", eggs: 7 })).toEqual({
      deleted: false,
      body: { eggs: 7 },
      conflicts: [],
    });
    expect(resolveEdit(edit({ eggs: "7" }, { eggs: 5 }), { id: "b1", eggs: 5 })).toEqual({
      deleted: false,
      body: { eggs: "7" },
      conflicts: [],
    });
  });

  it("flush: sends the resolved body, keeps the overwritten values on show until dismissed", async () => {
    const box = createOutbox(freshStore());
    await box.add(edit({ eggs: 7, cracked: 1 }, { eggs: 5, cracked: 1 }));
    const sent: unknown[] = [];
    const r = await box.flush(
      "u1",
      async (e) => void sent.push(e.body),
      async () => ({ id: "b1", eggs: 9, cracked: 3, updatedAt: "2026-11-26T09:00:00Z" }),
    );
    expect(sent).toEqual([{ eggs: 7 }]);
    expect(r).toEqual({ sent: 1, refused: 0, left: 0 });
    expect(box.list("u1")[0]!.conflicts).toEqual([
      { field: "eggs", theirs: 9, yours: 7, kept: "yours" },
    ]);
    // Shown, not sent again.
    await box.flush("u1", async (e) => void sent.push(e.body));
    expect(sent).toHaveLength(1);
    await box.discard("e1");
    expect(box.list("u1")).toEqual([]);
  });

  it("flush: a record deleted meanwhile (not found, or a 404 on send) is shown as not applied", async () => {
    const box = createOutbox(freshStore());
    await box.add(edit({ eggs: 7 }, { eggs: 5 }));
    const send = vi.fn(async () => undefined);
    const r = await box.flush("u1", send, async () => null);
    expect(send).not.toHaveBeenCalled();
    expect(r).toEqual({ sent: 0, refused: 1, left: 0 });
    expect(box.list("u1")[0]!.notApplied).toBe(NOT_APPLIED_MESSAGE);

    const box2 = createOutbox(freshStore());
    await box2.add(edit({ eggs: 7 }, { eggs: 5 }));
    await box2.flush(
      "u1",
      async () => {
        throw new ApiError(404, "404: Egg collection not found");
      },
      async () => ({ id: "b1", eggs: 5 }),
    );
    expect(box2.list("u1")[0]!.notApplied).toBe(NOT_APPLIED_MESSAGE);
  });

  it("a 409 from the server's rules (a loss larger than the headcount) is a refusal, kept with its message", async () => {
    const box = createOutbox(freshStore());
    await box.add(entry("k1"));
    const r = await box.flush("u1", async () => {
      throw new ApiError(409, "409: Only 3 birds in the flock on 2026-11-26, not 5", {
        code: "CONFLICT",
      });
    });
    expect(r).toEqual({ sent: 0, refused: 1, left: 0 });
    expect(box.list("u1")[0]!.refused).toEqual({
      status: 409,
      message: "Only 3 birds in the flock on 2026-11-26, not 5",
    });
  });
});
