import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * The requests under way, so that the end of input lets them finish: a client that writes its
 * requests and closes stdin (`printf … | svc-mcp --remote …`) still gets every answer, and a
 * payment made is logged before the process ends.
 */
export class InFlight {
  readonly #running = new Set<Promise<unknown>>();

  /** Counts `work` as under way until it settles; returns it. */
  track<T>(work: Promise<T>): Promise<T> {
    this.#running.add(work);
    const done = () => this.#running.delete(work);
    work.then(done, done);
    return work;
  }

  /**
   * Resolves once nothing is under way, what starts meanwhile included (a request read just
   * before the end of input is dispatched on a later turn of the event loop).
   */
  async settled(): Promise<void> {
    await nextTurn();
    while (this.#running.size > 0) {
      await Promise.allSettled([...this.#running]);
      await nextTurn();
    }
  }
}
