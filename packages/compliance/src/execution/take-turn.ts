import { setImmediate as nextIteration } from "node:timers/promises";

let tail: Promise<unknown> = Promise.resolve();

/**
 * Runs a large synchronous step (parsing or validating a body of up to 1 MiB: tens of
 * milliseconds) in its turn: one step per iteration of the event loop, in the order asked. A
 * burst of large requests then never runs its steps back to back: between two steps the loop
 * polls its sockets, so a `/health` (or any small request) waits at most for one step, not for
 * every body of the burst. A step that throws rejects its own promise only.
 */
export function takeTurn<T>(step: () => T): Promise<T> {
  // A step queued while the loop runs immediates waits for the next iteration: Node runs only
  // the immediates queued before it started them.
  const turn = tail.then(() => nextIteration()).then(step);
  tail = turn.catch(() => undefined);
  return turn;
}
