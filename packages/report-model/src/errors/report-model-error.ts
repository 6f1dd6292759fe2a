/** One problem with a report body: where it is and what is wrong. */
export interface ReportIssue {
  /** Path into the body, e.g. `tables.results.rows[3]`; empty for the body itself. */
  readonly path: string;
  readonly message: string;
}

export type ReportModelErrorCode = "INVALID_REPORT" | "AMBIGUOUS_REPORT" | "UNSUPPORTED_VARIANT";

/** A report body that cannot be accepted; `issues` lists every problem with its path. */
export class ReportModelError extends Error {
  override readonly name = "ReportModelError";
  constructor(
    readonly code: ReportModelErrorCode,
    message: string,
    readonly issues: readonly ReportIssue[],
  ) {
    super(message);
  }
}
