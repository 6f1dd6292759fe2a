import { Worker } from "node:worker_threads";

/**
 * The worker's code: parses a JSON-RPC body and sends back what the server needs of it. An
 * unpaid call of a paid tool comes back without its arguments (bar the ones that decide the
 * price): nothing but the call's name is needed to ask for payment, and leaving the rest in the
 * worker is the point. Anything else comes back whole. Plain JavaScript, so it runs from source
 * and from the build alike.
 */
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const isObject = (x) => typeof x === "object" && x !== null && !Array.isArray(x);
function skeletonOf(message, rules) {
  if (!isObject(message) || message.method !== "tools/call" || !isObject(message.params)) return message;
  const params = message.params;
  if (!rules.paidTools.includes(params.name)) return message;
  if (isObject(params._meta) && params._meta[rules.paymentKey] !== undefined) return message;
  const kept = {};
  if (isObject(params.arguments)) {
    for (const key of rules.priceArguments) if (key in params.arguments) kept[key] = params.arguments[key];
  }
  return { ...message, params: { ...params, arguments: kept } };
}
parentPort.on("message", ({ id, bytes, rules }) => {
  let reply;
  try {
    const message = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8"));
    reply = { id, ok: true, message: skeletonOf(message, rules) };
  } catch {
    reply = { id, ok: false };
  }
  parentPort.postMessage(reply);
});
`;

/** What the worker is told about the calls it trims. */
export interface TrimRules {
  /** Tools that are paid here: their unpaid calls come back without arguments. */
  readonly paidTools: readonly string[];
  /** Where a payment rides in `params._meta`. */
  readonly paymentKey: string;
  /** Arguments kept anyway, because they decide a price (`output_format`). */
  readonly priceArguments: readonly string[];
}

export type Parsed = { readonly ok: true; readonly message: unknown } | { readonly ok: false };

/**
 * Parses large JSON-RPC bodies on a worker thread, one at a time. A flood of large unpaid calls
 * then costs the event loop only the bytes' transfer, and its garbage lives and dies in the
 * worker's heap: the main thread never allocates the junk, so its collector is not kept busy
 * with it. The worker starts on first use, does not keep the process alive, and is replaced if
 * it dies.
 */
export class OffThreadParser {
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, (parsed: Parsed) => void>();

  parse(bytes: Uint8Array, rules: TrimRules): Promise<Parsed> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<Parsed>((resolve) => {
      this.pending.set(id, resolve);
      // The bytes move to the worker (no copy); `bytes` must own its whole buffer.
      worker.postMessage({ id, bytes, rules }, [bytes.buffer as ArrayBuffer]);
    });
  }

  /** Stops the worker (tests, shutdown); a later parse starts a new one. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private start(): Worker {
    if (this.worker !== undefined) return this.worker;
    // A small heap: the largest body (1 MiB of JSON) parses into a few MB, so the worker
    // collects its garbage often instead of growing under a flood; a body that needs more
    // kills the worker (refused as unparseable), never the server.
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
    });
    worker.unref();
    worker.on("message", (reply: { id: number } & Parsed) => {
      const resolve = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      resolve?.(reply.ok ? { ok: true, message: reply.message } : { ok: false });
    });
    const fail = () => {
      if (this.worker === worker) this.worker = undefined;
      for (const resolve of this.pending.values()) resolve({ ok: false });
      this.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", fail);
    this.worker = worker;
    return worker;
  }
}
