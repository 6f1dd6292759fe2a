import type { InputIssue } from "@svc/montecarlo";

/**
 * A refusal, said once for every transport: the HTTP API answers it with `status`, the MCP
 * server as an `isError` tool result. `code` is stable; `issues` carry the field paths of a
 * refused input. None of these is charged. A refusal stays small whatever the input: at most 20
 * issues, each text at most 200 characters, and `moreIssues` counting the rest.
 */
export interface Failure {
  readonly status: 400 | 413 | 503;
  readonly code: string;
  readonly message: string;
  readonly issues?: readonly InputIssue[];
  /** Issues found beyond `issues` (present only when there are some). */
  readonly moreIssues?: number;
  /** Seconds after which a retry may succeed (a busy renderer). */
  readonly retryAfterSeconds?: number;
}
