import type { ReportIssue } from "./report-model-error.js";

/**
 * A refusal stays small whatever the input: it lists at most 20 issues, each path and message at
 * most 200 characters, and counts the rest (`moreIssues`). A 200,000-element body of bad values
 * is answered in a few kilobytes, not megabytes.
 */
export const MAX_LISTED_ISSUES = 20;
export const MAX_ISSUE_TEXT = 200;

/** The issues a refusal lists, and how many more there were. */
export interface IssueList {
  /** At most `MAX_LISTED_ISSUES`, each (path, message) once, in the order found. */
  readonly issues: ReportIssue[];
  /** Distinct issues found beyond the listed ones; 0 when all are listed. */
  readonly moreIssues: number;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** `text` cut to at most `max` characters, ending in "…" when cut (never inside a surrogate pair). */
export function clipText(text: string, max = MAX_ISSUE_TEXT): string {
  if (text.length <= max) return text;
  let end = max - 1;
  if (isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  return `${text.slice(0, end)}…`;
}

/**
 * The first `MAX_LISTED_ISSUES` distinct issues with their texts clipped, and the count of the
 * other distinct ones (plus `alreadyOmitted`, issues left out before these were gathered).
 * Applying it to a list it produced changes nothing.
 */
export function listIssues(issues: Iterable<ReportIssue>, alreadyOmitted = 0): IssueList {
  const seen = new Set<string>();
  const listed: ReportIssue[] = [];
  let moreIssues = alreadyOmitted;
  for (const issue of issues) {
    const path = clipText(issue.path);
    const message = clipText(issue.message);
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (listed.length < MAX_LISTED_ISSUES) listed.push({ path, message });
    else moreIssues += 1;
  }
  return { issues: listed, moreIssues };
}
