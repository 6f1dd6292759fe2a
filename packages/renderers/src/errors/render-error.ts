export type RenderErrorCode =
  | "REPORT_TOO_LARGE"
  | "RENDER_FAILED"
  | "RENDER_QUEUE_FULL"
  | "RENDER_BUSY"
  | "RENDER_PAYER_BUSY"
  | "RENDER_ABORTED";

/**
 * A report that cannot be rendered: too large for the format, a renderer failure, a full queue,
 * a render that could not start within its deadline (`RENDER_BUSY`), a payer with as many renders
 * admitted as one may have (`RENDER_PAYER_BUSY`), or a render its caller abandoned (`RENDER_ABORTED`: the caller's signal fired, usually because
 * the operation's deadline passed).
 */
export class RenderError extends Error {
  override readonly name = "RenderError";
  constructor(
    readonly code: RenderErrorCode,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
