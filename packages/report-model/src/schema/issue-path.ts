import type * as v from "valibot";
import { type IssueList, listIssues } from "../errors/issue-list.js";

/**
 * `tables.results.rows[3]` from a valibot issue path: the refusals' field paths, with array
 * indexes in brackets (valibot's `getDotPath` writes `rows.3`, and gives up on keys that are
 * not strings or numbers, so it cannot be used as is).
 */
export function issuePath(issue: v.BaseIssue<unknown>): string {
  let path = "";
  for (const { type, key } of issue.path ?? []) {
    if (type === "array") path += `[${String(key)}]`;
    else path += path === "" ? String(key) : `.${String(key)}`;
  }
  return path;
}

/**
 * The issues with their paths, each once, at most 20 listed and the rest counted. A union (a
 * scalar, a row) is reported once at its own path: the nested attempts carry paths relative to
 * it and would only say that every option failed.
 */
export function toIssueList(issues: readonly v.BaseIssue<unknown>[]): IssueList {
  return listIssues(issues.map((issue) => ({ path: issuePath(issue), message: issue.message })));
}
