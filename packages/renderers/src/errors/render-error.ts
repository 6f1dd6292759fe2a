export type RenderErrorCode = "REPORT_TOO_LARGE" | "RENDER_FAILED" | "RENDER_QUEUE_FULL";

/** A report that cannot be rendered: too large for the format, or a renderer failure. */
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
