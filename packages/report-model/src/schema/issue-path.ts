import type * as v from "valibot";
import type { ReportIssue } from "../errors/report-model-error.js";

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
 * Every issue with its path. A union (a scalar, a row) is reported once at its own path: the
 * nested attempts carry paths relative to it and would only say that every option failed.
 */
export function toIssues(issues: readonly v.BaseIssue<unknown>[]): ReportIssue[] {
  const out: ReportIssue[] = issues.map((issue) => ({
    path: issuePath(issue),
    message: issue.message,
  }));
  const seen = new Set<string>();
  return out.filter((i) => {
    const key = `${i.path}\u0000${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
