import * as v from "valibot";

export interface InputIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * What a schema refuses in an input, with paths written as the API writes them
 * (`addresses[3]`, `bogus`), or [] when the input is accepted.
 */
export function inputIssues(schema: v.GenericSchema, input: unknown): InputIssue[] {
  const result = v.safeParse(schema, input);
  if (result.success) return [];
  return result.issues.map((issue) => ({
    path: (issue.path ?? []).reduce(
      (p, item) =>
        item.type === "array"
          ? `${p}[${String(item.key)}]`
          : p === ""
            ? String(item.key)
            : `${p}.${String(item.key)}`,
      "",
    ),
    message: issue.message,
  }));
}
