import { type IssueList, issuePath, listIssues } from "@svc/report-model";
import type * as v from "valibot";

/** One problem with an input: where (`address_metadata[3].policy_priority`) and what. */
export interface InputIssue {
  readonly path: string;
  readonly message: string;
}

/** The issues a refusal lists (at most 20, each text at most 200 characters) and the rest's count. */
export interface InputIssueList extends IssueList {
  readonly issues: InputIssue[];
}

/**
 * Thrown by the parse functions when an input is refused. It keeps a refusal small however bad
 * the input: `issues` lists at most 20 distinct issues, `moreIssues` counts the others.
 */
export class InputError extends Error {
  readonly code = "INVALID_INPUT" as const;
  readonly issues: readonly InputIssue[];
  /** Distinct issues found beyond `issues`; 0 when every issue is listed. */
  readonly moreIssues: number;

  /** `moreIssues`: issues already left out of `issues` by the caller. */
  constructor(issues: readonly InputIssue[], moreIssues = 0) {
    const listed = listIssues(issues, moreIssues);
    const first = listed.issues[0];
    const head = first ? `${first.path === "" ? "(root)" : first.path}: ${first.message}` : "";
    const others = listed.issues.length - 1 + listed.moreIssues;
    const more = others > 0 ? ` (and ${others} more)` : "";
    super(`Invalid input: ${head}${more}`);
    this.name = "InputError";
    this.issues = listed.issues;
    this.moreIssues = listed.moreIssues;
  }

  /** The refusal of valibot's issues (`toIssueList`). */
  static of(issues: readonly v.BaseIssue<unknown>[]): InputError {
    const listed = toIssueList(issues);
    return new InputError(listed.issues, listed.moreIssues);
  }
}

/** report-model's `objectMessage` words for an extra member, or for an array taken for an object. */
const OBJECT_MESSAGE_WORDS = /^unknown member |must be an object; got /;

/**
 * A valibot issue with its path. An extra member of a strict object is reported at its own path
 * with its schema's words when they are `objectMessage`'s (`unknown member "x": this object
 * accepts … only`), else as `unexpected member <name>`: a strict object with one fixed message
 * would only say that the object is not one.
 */
export function toInputIssue(issue: v.BaseIssue<unknown>): InputIssue {
  const path = issuePath(issue);
  const unexpected = issue.type === "strict_object" && issue.expected === "never";
  const named = OBJECT_MESSAGE_WORDS.test(issue.message);
  return {
    path,
    message: unexpected && !named ? `unexpected member ${path.split(".").pop()}` : issue.message,
  };
}

/**
 * The valibot issues as a refusal lists them: each (path, message) pair once, the first 20
 * (texts clipped to 200 characters), and the count of the others in `moreIssues`.
 */
export function toIssueList(issues: readonly v.BaseIssue<unknown>[]): InputIssueList {
  return listIssues(issues.map(toInputIssue));
}
