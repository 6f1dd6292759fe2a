import type * as v from "valibot";

/** One problem with an input: where (`address_metadata[3].policy_priority`) and what. */
export interface InputIssue {
  readonly path: string;
  readonly message: string;
}

/** Thrown by the parse functions when an input is refused; carries every issue found. */
export class InputError extends Error {
  readonly code = "INVALID_INPUT" as const;
  readonly issues: readonly InputIssue[];

  constructor(issues: readonly InputIssue[]) {
    const first = issues[0];
    const head = first ? `${first.path === "" ? "(root)" : first.path}: ${first.message}` : "";
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
    super(`Invalid input: ${head}${more}`);
    this.name = "InputError";
    this.issues = issues;
  }
}

/** `address_metadata[3].policy_priority` from a valibot issue path (the report-model style). */
export function issuePath(issue: v.BaseIssue<unknown>): string {
  let path = "";
  for (const item of issue.path ?? []) {
    const key = (item as { key: unknown }).key;
    if (item.type === "array") path += `[${String(key)}]`;
    else path += path === "" ? String(key) : `.${String(key)}`;
  }
  return path;
}

/** Every valibot issue with its path, each (path, message) pair once; an extra member of a
 *  strict object is reported as `unexpected member <name>` at its own path. */
export function toIssues(issues: readonly v.BaseIssue<unknown>[]): InputIssue[] {
  const seen = new Set<string>();
  const out: InputIssue[] = [];
  for (const issue of issues) {
    const path = issuePath(issue);
    const unexpected = issue.type === "strict_object" && issue.expected === "never";
    const message = unexpected ? `unexpected member ${path.split(".").pop()}` : issue.message;
    const item = { path, message };
    const key = `${item.path}\u0000${item.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}
