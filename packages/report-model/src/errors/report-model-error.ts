import { listIssues } from "./issue-list.js";

/** One problem with a report body: where it is and what is wrong. */
export interface ReportIssue {
  /** Path into the body, e.g. `tables.results.rows[3]`; empty for the body itself. */
  readonly path: string;
  readonly message: string;
}

export type ReportModelErrorCode = "INVALID_REPORT" | "AMBIGUOUS_REPORT" | "UNSUPPORTED_VARIANT";

/**
 * A report body that cannot be accepted. `issues` lists at most 20 problems with their paths,
 * `moreIssues` counts the others (a refusal stays small however bad the body).
 */
export class ReportModelError extends Error {
  override readonly name = "ReportModelError";
  readonly issues: readonly ReportIssue[];
  readonly moreIssues: number;
  constructor(
    readonly code: ReportModelErrorCode,
    message: string,
    issues: readonly ReportIssue[],
    moreIssues = 0,
  ) {
    super(message);
    const listed = listIssues(issues, moreIssues);
    this.issues = listed.issues;
    this.moreIssues = listed.moreIssues;
  }
}
