import type { Operation } from "./operation.js";

/**
 * An operation of any input and output, as the apps hold them: its input is only known after
 * `input` has parsed a request, so `run` is called with that parse's output.
 */
export type AnyOperation = Operation<never, unknown>;
