import type { ComplianceDeps } from "../catalog/deps.js";
import type { Executable, ExecuteOptions, RunContext } from "./executable.js";
import { ExecutionTimeoutError } from "./execution-timeout-error.js";

/**
 * How long a run of `op` may take, in milliseconds: what the payment layer checks an
 * authorization's remaining validity against before running (an authorization that expires
 * before the run could be settled is refused up front).
 */
export function deadlineOf(op: { readonly name: string; readonly deadlineMs: number }): number {
  if (!(Number.isFinite(op.deadlineMs) && op.deadlineMs > 0)) {
    throw new RangeError(`${op.name} declares no positive deadline (deadlineMs: ${op.deadlineMs})`);
  }
  return op.deadlineMs;
}

/** What runs within a deadline: a name, the deadline, and the run on an input already parsed. */
export type Runnable<Input, Output, Deps extends ComplianceDeps> = Pick<
  Executable<Input, Output, Deps>,
  "name" | "deadlineMs" | "run"
>;

/** The caller's budget and signal, and what the run is handed as they are (`RunContext`). */
export type RunBounds = Pick<ExecuteOptions, "deadlineMs" | "signal" | "attest" | "payment"> &
  Pick<RunContext, "ticket">;

/**
 * Runs `op` on its parsed input within its deadline: the executor's last step.
 *
 * The run gets a signal that fires at the deadline; operations pass it to the renderer, which
 * drops a queued render and stops a running one. The deadline is enforced around the run as
 * well, by a race, so a run that does not cooperate is abandoned all the same: the returned
 * promise rejects with `ExecutionTimeoutError` as soon as the deadline passes, whatever the run
 * is doing. An answer that arrives after the deadline (a synchronous run cannot be interrupted,
 * only judged when it returns) is discarded the same way, since settling it could outlast the
 * authorization the payment layer accepted. When the caller's `signal` fires first, the
 * promise rejects with that signal's reason.
 */
export async function runWithinDeadline<Input, Output, Deps extends ComplianceDeps>(
  op: Runnable<Input, Output, Deps>,
  input: Input,
  deps: Deps,
  options: RunBounds = {},
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
      resolve(
        op.run(input, deps, {
          signal,
          attest: options.attest,
          ticket: options.ticket,
          payment: options.payment,
        }),
      ),
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
