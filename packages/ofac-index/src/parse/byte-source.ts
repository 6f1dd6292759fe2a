import { pipeline, Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { OfacIndexError } from "../errors/ofac-index-error.js";

/** Anything that yields the bytes of an edition, plain or gzip-compressed. */
export type ByteSource =
  | Uint8Array
  | AsyncIterable<Uint8Array>
  | Iterable<Uint8Array>
  | ReadableStream<Uint8Array>;

const SLICE = 1024 * 1024;

async function* fromBytes(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += SLICE) yield bytes.subarray(i, i + SLICE);
}

/** Normalizes every kind of `ByteSource` into an async iterable of chunks. */
function chunksOf(source: ByteSource): AsyncIterable<Uint8Array> {
  if (source instanceof Uint8Array) return fromBytes(source);
  if (typeof (source as ReadableStream).getReader === "function") {
    return Readable.fromWeb(source as import("node:stream/web").ReadableStream<Uint8Array>);
  }
  if (Symbol.asyncIterator in source) return source as AsyncIterable<Uint8Array>;
  return Readable.from(source as Iterable<Uint8Array>);
}

const isGzip = (chunk: Uint8Array | undefined) => chunk?.[0] === 0x1f && chunk[1] === 0x8b;

function zlibError(err: NodeJS.ErrnoException): OfacIndexError {
  return err.code === "Z_BUF_ERROR"
    ? new OfacIndexError("TRUNCATED", `the gzip stream ends early: ${err.message}`, { cause: err })
    : new OfacIndexError("CORRUPT_COMPRESSION", `the gzip stream is corrupt: ${err.message}`, {
        cause: err,
      });
}

/**
 * Yields the XML bytes: gzip input (recognized by its magic bytes, not its name) is inflated
 * on libuv's thread pool while the caller scans the previous chunk.
 */
export async function* xmlBytes(source: ByteSource): AsyncGenerator<Uint8Array> {
  const iterator = chunksOf(source)[Symbol.asyncIterator]();
  try {
    let first = await iterator.next();
    while (!first.done && first.value.length < 2) {
      const next = await iterator.next();
      if (next.done) break;
      first = { done: false, value: Buffer.concat([first.value, next.value]) };
    }
    if (first.done) return;
    const head = first.value;
    async function* rest(): AsyncGenerator<Uint8Array> {
      yield head;
      for (let r = await iterator.next(); !r.done; r = await iterator.next()) yield r.value;
    }
    if (!isGzip(head)) {
      yield* rest();
      return;
    }
    yield* gunzipped(rest());
  } finally {
    // Stop the source when the consumer stops early (a parse error): releases a download.
    await iterator.return?.();
  }
}

async function* gunzipped(compressed: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const gunzip = createGunzip({ chunkSize: SLICE });
  const source = Readable.from(compressed, { objectMode: false });
  let failure: unknown;
  pipeline(source, gunzip, (err) => {
    if (err) failure = err;
  });
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } catch (err) {
    const e = (failure ?? err) as NodeJS.ErrnoException;
    if (e instanceof OfacIndexError) throw e;
    if (typeof e.code === "string" && e.code.startsWith("Z_")) throw zlibError(e);
    throw e;
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}
