import type { RenderTicket } from "@svc/renderers/pool";
import type { Attest } from "../attestation/attest.js";
import type { ComplianceDeps } from "../catalog/deps.js";
import type { OperationInfo, RunContext } from "../catalog/operation.js";
import { ExecutionTimeoutError } from "./execution-timeout-error.js";

/**
 * How long a run of `op` may take, in milliseconds: what the payment layer checks an
 * authorization's remaining validity against before running (an authorization that expires
 * before the run could be settled is refused up front).
 */
export function deadlineOf(op: Pick<OperationInfo, "name" | "deadlineMs">): number {
  if (!(Number.isFinite(op.deadlineMs) && op.deadlineMs > 0)) {
    throw new RangeError(`${op.name} declares no positive deadline (deadlineMs: ${op.deadlineMs})`);
  }
  return op.deadlineMs;
}

export interface RunOperationOptions {
  /**
   * A tighter budget than the operation's own (a test, a transport with less time left). Never
   * a looser one: the payment layer sized the authorization on `deadlineOf(op)`, so a larger
   * value is capped at it.
   */
  readonly deadlineMs?: number | undefined;
  /** The caller giving up (a client that disconnected): the run is abandoned with its reason. */
  readonly signal?: AbortSignal | undefined;
  /** Signs the run's screening attestations (`RunContext.attest`), bound to its payment. */
  readonly attest?: Attest | undefined;
  /** The render's place, admitted before validation (`RunContext.ticket`). */
  readonly ticket?: RenderTicket | undefined;
}

/**
 * Anything with a name, a deadline and a run: an operation (its deps are `ComplianceDeps`), or
 * an MCP tool (its deps are the tool's context).
 */
export interface Runnable<Input, Output, Deps = ComplianceDeps>
  extends Pick<OperationInfo, "name" | "deadlineMs"> {
  readonly run: (input: Input, deps: Deps, context?: RunContext) => Promise<Output> | Output;
}

/**
 * Runs an operation within its deadline, the one way the apps run a paid operation.
 *
 * The run gets a signal that fires at the deadline; operations pass it to the renderer, which
 * drops a queued render and stops a running one. The deadline is enforced around the run as
 * well, by a race, so a run that does not cooperate is abandoned all the same: the returned
 * promise rejects with `ExecutionTimeoutError` as soon as the deadline passes, whatever the run
 * is doing. An answer that arrives after the deadline (a synchronous run cannot be interrupted,
 * only judged when it returns) is discarded the same way, since settling it could outlast the
 * authorization the payment layer accepted. When the caller's `signal` fires first, the
 * promise rejects with that signal's reason.
 *
 * The input is what `op.input` parsed: `handleInput` (an operation's `handle`) parses a raw
 * request and runs it here.
 */
export async function runOperation<Input, Output, Deps = ComplianceDeps>(
  op: Runnable<Input, Output, Deps>,
  input: Input,
  deps: Deps,
  options: RunOperationOptions = {},
): Promise<Output> {
  const deadlineMs = Math.min(deadlineOf(op), options.deadlineMs ?? Number.POSITIVE_INFINITY);
  if (!(deadlineMs > 0)) {
    throw new RangeError(`deadlineMs must be positive, got ${options.deadlineMs}`);
  }
  options.signal?.throwIfAborted();
  const deadline = new AbortController();
  const signal =
    options.signal === undefined
      ? deadline.signal
      : AbortSignal.any([deadline.signal, options.signal]);
  const started = performance.now();
  const timer = setTimeout(
    () => deadline.abort(new ExecutionTimeoutError(op.name, deadlineMs)),
    deadlineMs,
  );
  let onAbort: (() => void) | undefined;
  const abandoned = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    // Started inside the promise so a run that throws synchronously rejects it.
    const run = new Promise<Output>((resolve) =>
      resolve(op.run(input, deps, { signal, attest: options.attest, ticket: options.ticket })),
    );
    const output = await Promise.race([run, abandoned]);
    if (performance.now() - started > deadlineMs) {
      throw new ExecutionTimeoutError(op.name, deadlineMs);
    }
    return output;
  } catch (error) {
    // Once abandoned, what the run itself rejected with (`RENDER_ABORTED`) is a consequence.
    throw signal.aborted ? signal.reason : error;
  } finally {
    clearTimeout(timer);
    if (onAbort !== undefined) signal.removeEventListener("abort", onAbort);
  }
}
