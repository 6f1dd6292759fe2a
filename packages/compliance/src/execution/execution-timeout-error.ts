/**
 * A run abandoned because it outlasted its deadline. Nothing it produced is answered, so
 * nothing is charged; `classifyFailure` answers it 503 `EXECUTION_TIMEOUT`.
 */
export class ExecutionTimeoutError extends Error {
  override readonly name = "ExecutionTimeoutError";
  readonly code = "EXECUTION_TIMEOUT";
  constructor(
    /** The operation's machine name (`report_pdf_generate`). */
    readonly operation: string,
    /** The budget it outlasted, in milliseconds. */
    readonly deadlineMs: number,
  ) {
    super(`${operation} took longer than its ${formatSeconds(deadlineMs)} s budget`);
  }
}

/** `30000` → `30`, `1500` → `1.5`, `1` → `0.001`. */
export const formatSeconds = (ms: number): string => String(Math.round(ms) / 1000);
