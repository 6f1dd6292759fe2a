import type * as v from "valibot";
import { AttestationError, type AttestationErrorCode } from "./attestation-error.js";

/** The first issue of a failed valibot parse as an AttestationError (path dotted, or none). */
export function issueError(
  code: AttestationErrorCode,
  issues: readonly v.BaseIssue<unknown>[],
  what: string,
): AttestationError {
  const issue = issues[0];
  if (issue === undefined) return new AttestationError(code, `${what} is invalid`);
  const path = issue.path?.map((item) => String(item.key)).join(".");
  return new AttestationError(code, issue.message, path === "" ? undefined : path);
}
