import { writeSync } from "node:fs";
import { type DestinationStream, pino } from "pino";

/** How long a line waits for the lines after it before the batch is written. */
const BATCH_MS = 10;

/** How many lines a batch holds before it is written without waiting. */
const BATCH_LINES = 512;

export interface BatchedDestination extends DestinationStream {
  /** Hands what waits to the target, then calls back as the target's own `flush` does. */
  flush(callback: (error?: Error) => void): void;
  /** Writes what waits at once, what pino's destination holds first (at exit). */
  flushSync(): void;
}

/** The batches still to write when the process exits (one `exit` listener for them all). */
const unwritten = new Set<WeakRef<BatchedDestination>>();
const forgotten = new FinalizationRegistry<WeakRef<BatchedDestination>>((ref) =>
  unwritten.delete(ref),
);
let exitHooked = false;

function flushedAtExit(destination: BatchedDestination): void {
  const ref = new WeakRef(destination);
  unwritten.add(ref);
  forgotten.register(destination, ref);
  if (exitHooked) return;
  exitHooked = true;
  process.once("exit", () => {
    for (const live of unwritten) {
      try {
        live.deref()?.flushSync();
      } catch {
        // Exiting: a destination already closed has nothing more to write.
      }
    }
  });
}

/**
 * Joins the lines logged within `waitMs` (or `maxLines` of them) into one write to pino's
 * asynchronous destination on `fd`. Under load pino's destination otherwise starts a write, on libuv's thread pool, for
 * nearly every line (each ends before the next line comes): a request log line then cost more
 * in writes (their hand-off to the pool and back, and the UTF-8 copy of a string grown line by
 * line) than in being written out as JSON. The lines keep their order; at exit what waits is
 * written at once, after what pino's destination still holds.
 */
export function batchedDestination(
  fd: number,
  { waitMs = BATCH_MS, maxLines = BATCH_LINES } = {},
): BatchedDestination {
  const target = pino.destination({ dest: fd, sync: false });
  let lines: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  const take = (): string => {
    clearTimeout(timer);
    timer = undefined;
    const joined = lines.join("");
    lines = [];
    return joined;
  };
  const drain = (): void => {
    if (lines.length > 0) target.write(take());
  };
  const destination: BatchedDestination = {
    write(line: string) {
      lines.push(line);
      if (lines.length >= maxLines) drain();
      else timer ??= setTimeout(drain, waitMs);
    },
    flush(callback) {
      drain();
      target.flush(callback);
    },
    flushSync() {
      target.flushSync();
      if (lines.length > 0) writeSync(fd, take());
    },
  };
  flushedAtExit(destination);
  return destination;
}
