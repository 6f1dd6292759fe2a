import type * as v from "valibot";
import { type IssueList, listIssues } from "../errors/issue-list.js";

/** `tables.results.rows[3]` from a valibot issue path. */
export function issuePath(issue: v.BaseIssue<unknown>): string {
  let path = "";
  for (const item of issue.path ?? []) {
    const key = (item as { key: unknown }).key;
    if (item.type === "array") path += `[${String(key)}]`;
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
