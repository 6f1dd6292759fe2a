import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An issue of a refused request: where (`addresses[3]`) and what. */
export interface Issue {
  readonly path: string;
  readonly message: string;
}

/**
 * The one error body of the API: `success: false`, a sentence in `error`, a stable `code`, and
 * for validation the issues with their field paths. Never a stack trace.
 */
export const problem = (
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  error: string,
  issues?: readonly Issue[],
  headers?: Record<string, string>,
) =>
  c.json(
    { success: false, error, code, ...(issues === undefined ? {} : { issues }) },
    status,
    headers,
  );
