import type { Failure } from "./failure.js";

/**
 * A refusal decided away from the request's thread (a document body validated on a render
 * worker) and carried back whole: `classifyFailure` answers its `failure` unchanged, so it reads
 * exactly as the same refusal made on the request's thread.
 */
export class RefusalError extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
    this.name = "RefusalError";
  }
}
