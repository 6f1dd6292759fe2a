import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An issue of a refused request: where (`addresses[3]`) and what. */
export interface Issue {
  readonly path: string;
  readonly message: string;
}

/**
 * The one error body of the API: `success: false`, a sentence in `error`, a stable `code`, and
 * for validation the issues with their field paths (at most 20) and `moreIssues`, how many were
 * left out (only when some were). Never a stack trace.
 */
export const problem = (
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  error: string,
  issues?: readonly Issue[],
  headers?: Record<string, string>,
  moreIssues?: number,
) =>
  c.json(
    {
      success: false,
      error,
      code,
      ...(issues === undefined ? {} : { issues }),
      ...(moreIssues === undefined || moreIssues === 0 ? {} : { moreIssues }),
    },
    status,
    headers,
  );
