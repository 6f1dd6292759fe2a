import type { Writable } from "node:stream";

/** A log sink that writes JSON lines, batched, and can be flushed. */
export interface JsonLines {
  readonly write: (entry: unknown) => void;
  /** Writes whatever is pending now (at shutdown). */
  readonly flush: () => void;
}

/**
 * JSON lines to `stream` (stdout), batched per turn of the event loop: one write for every line
 * logged while requests were being answered, instead of one per request (stdout to a pipe or a
 * file is synchronous in Node, so a write per request is a system call per request). Lines keep
 * their order; `flush` writes what is pending at shutdown.
 */
export function jsonLines(stream: Pick<Writable, "write">): JsonLines {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = pending.join("");
    pending = [];
    stream.write(text);
  };
  return {
    write(entry) {
      pending.push(`${JSON.stringify(entry)}\n`);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}
