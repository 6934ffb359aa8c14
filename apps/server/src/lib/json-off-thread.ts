import { Worker } from "node:worker_threads";

/**
 * JSON bodies larger than this are parsed on a worker thread. `JSON.parse` of a 50 MB account
 * import holds the event loop for seconds on a busy machine (4 s measured at load 25), and every
 * other request, `/api/health` included, would wait that long. Below it, parsing inline is quicker
 * than starting a worker.
 */
export const OFF_THREAD_JSON_BYTES = 1024 * 1024;

/** Arrays come back in slices of this many items, one message each. */
const SLICE = 500;

/**
 * The worker: parses the text, refuses the keys Fastify's own parser refuses (`__proto__`, and a
 * `constructor` holding `prototype`), then posts the value back in pieces, so the main thread
 * never deserialises one huge object graph in a single task: the root's properties one by one,
 * the next level likewise, and arrays at those two levels in slices. After each piece it waits
 * (Atomics.wait on a shared flag) until the main thread has taken it and let other work run: Node
 * delivers every message already queued on a port in one go, so without this wait the 100-odd
 * slices of a 48 MB import were all deserialised in one task (1.4 s measured at load 17, the
 * longest stall of the import). Inline (`eval`) so the server bundle needs no separate worker file.
 */
const WORKER_SOURCE = `(() => {
const { parentPort, workerData } = require("node:worker_threads");
const SLICE = ${SLICE};
const flag = new Int32Array(workerData.flag);
/** Posts a piece, then waits until the main thread says it has taken it. */
const post = (piece) => {
  Atomics.store(flag, 0, 0);
  parentPort.postMessage(piece);
  Atomics.wait(flag, 0, 0);
};
const text = Buffer.from(workerData.buffer, workerData.byteOffset, workerData.byteLength).toString("utf8");
let root;
try {
  root = JSON.parse(text);
} catch (err) {
  parentPort.postMessage({ kind: "error", message: err && err.message ? err.message : "Invalid JSON" });
  return;
}
const stack = [root];
while (stack.length) {
  const v = stack.pop();
  if (v === null || typeof v !== "object") continue;
  if (Array.isArray(v)) { for (const x of v) if (x !== null && typeof x === "object") stack.push(x); continue; }
  for (const k of Object.keys(v)) {
    const x = v[k];
    if (k === "__proto__" || (k === "constructor" && x !== null && typeof x === "object" && Object.prototype.hasOwnProperty.call(x, "prototype"))) {
      parentPort.postMessage({ kind: "error", message: "Object contains forbidden prototype property" });
      return;
    }
    if (x !== null && typeof x === "object") stack.push(x);
  }
}
const isPlain = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const send = (path, v) => {
  if (Array.isArray(v) && v.length > SLICE) {
    post({ kind: "set", path, value: [] });
    for (let i = 0; i < v.length; i += SLICE) post({ kind: "push", path, items: v.slice(i, i + SLICE) });
  } else {
    post({ kind: "set", path, value: v });
  }
};
if (!isPlain(root)) {
  send([], root);
} else {
  post({ kind: "set", path: [], value: {} });
  for (const k of Object.keys(root)) {
    const v = root[k];
    if (!isPlain(v)) { send([k], v); continue; }
    post({ kind: "set", path: [k], value: {} });
    for (const k2 of Object.keys(v)) send([k, k2], v[k2]);
  }
}
parentPort.postMessage({ kind: "done" });
})();
`;

type Piece =
  | { kind: "error"; message: string }
  | { kind: "set"; path: string[]; value: unknown }
  | { kind: "push"; path: string[]; items: unknown[] }
  | { kind: "done" };

/** Parses JSON on a worker thread; rejects with a SyntaxError for text that is not JSON. */
export function parseJsonOffThread(body: Buffer): Promise<unknown> {
  return new Promise((resolve, reject) => {
    // The bytes are copied once into memory the worker owns (transferred, not cloned again).
    const copy = new Uint8Array(body.byteLength);
    copy.set(body);
    // 1 when the main thread is ready for the next piece (see WORKER_SOURCE).
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        buffer: copy.buffer,
        byteOffset: 0,
        byteLength: copy.byteLength,
        flag: flag.buffer,
      },
      transferList: [copy.buffer],
    });
    /** Lets the worker post its next piece once timers and I/O waiting now have had their turn. */
    const next = () =>
      setImmediate(() => {
        Atomics.store(flag, 0, 1);
        Atomics.notify(flag, 0);
      });
    let root: unknown;
    let settled = false;
    const finish = (err: Error | null) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      if (err) reject(err);
      else resolve(root);
    };
    /** The container at `path` (created by an earlier "set"). */
    const at = (path: string[]): Record<string, unknown> => {
      let v = root as Record<string, unknown>;
      for (const k of path) v = v[k] as Record<string, unknown>;
      return v;
    };
    worker.on("message", (piece: Piece) => {
      if (settled) return;
      switch (piece.kind) {
        case "error":
          finish(new SyntaxError(piece.message));
          return;
        case "set": {
          if (piece.path.length === 0) {
            root = piece.value;
            next();
            return;
          }
          const parent = at(piece.path.slice(0, -1));
          // defineProperty: a plain assignment to "__proto__" would set the prototype (the worker
          // refuses that key anyway).
          Object.defineProperty(parent, piece.path[piece.path.length - 1]!, {
            value: piece.value,
            enumerable: true,
            writable: true,
            configurable: true,
          });
          next();
          return;
        }
        case "push":
          (at(piece.path) as unknown as unknown[]).push(...piece.items);
          next();
          return;
        case "done":
          finish(null);
      }
    });
    worker.on("error", (err) => finish(err));
    worker.on("exit", () => finish(new Error("The JSON parser stopped before it finished")));
  });
}
