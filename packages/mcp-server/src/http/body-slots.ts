/**
 * Slots for reading and parsing large request bodies: at most `concurrency` at once, the others
 * waiting their turn (their bytes wait in the socket meanwhile), and at most `maxWaiting` of
 * those (past it, the caller answers "busy"). A flood of large bodies then costs a bounded share
 * of the event loop and of memory: other requests get their turn between two parses, and only a
 * few parsed bodies are alive at once.
 */
export class BodySlots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency = 2,
    readonly maxWaiting = 64,
  ) {}

  /** A slot (call the returned function when done), or undefined when too many are waiting. */
  async acquire(): Promise<(() => void) | undefined> {
    if (this.active < this.concurrency) {
      this.active++;
      return this.releaser();
    }
    if (this.waiting.length >= this.maxWaiting) return undefined;
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    return this.releaser();
  }

  private releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next in line, on a later turn of the event loop.
      if (next !== undefined) setImmediate(next);
      else this.active--;
    };
  }
}
