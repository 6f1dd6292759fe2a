/**
 * Which blockhashes the devnet has handed out, and when. A real cluster accepts a transaction
 * whose blockhash is among the last 150 blocks (about 60–90 s); litesvm only knows its latest
 * blockhash and never moves on by itself. So the devnet turns litesvm's own check off and keeps
 * this book instead: a blockhash is valid for `ttlMs` of wall-clock time after it was first
 * handed out, so an x402 authorization's lifetime can be tested with a short TTL, and
 * `expireAll()` ends every lifetime at once.
 */
export class BlockhashBook {
  readonly #issuedAt = new Map<string, number>();
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(ttlMs: number, now: () => number = Date.now) {
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  /** Records `blockhash` as handed out now (if not already), forgetting the expired ones. */
  issue(blockhash: string): void {
    const now = this.#now();
    for (const [hash, at] of this.#issuedAt) {
      if (now - at >= this.#ttlMs) this.#issuedAt.delete(hash);
    }
    if (!this.#issuedAt.has(blockhash)) this.#issuedAt.set(blockhash, now);
  }

  /** True when `blockhash` was handed out by this devnet less than the TTL ago. */
  isValid(blockhash: string): boolean {
    const at = this.#issuedAt.get(blockhash);
    return at !== undefined && this.#now() - at < this.#ttlMs;
  }

  /** Ends every lifetime at once: no transaction signed so far can land. */
  expireAll(): void {
    this.#issuedAt.clear();
  }
}
