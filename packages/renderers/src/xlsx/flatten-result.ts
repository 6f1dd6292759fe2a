import { inferValueKind, labelOfKey, type Scalar, type ValueKind } from "@svc/report-model";

/** One leaf of a structured value: its label (the path's keys, humanized), value and kind. */
export interface ResultLeaf {
  readonly label: string;
  readonly value: Scalar;
  readonly kind: ValueKind;
}

const isScalar = (v: unknown): v is Scalar =>
  v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean";

/**
 * A structured value carried as JSON text (the report's `result`, nested objects and lists), as
 * labelled leaves a sheet shows in rows: `{"interval":{"low":0.9}}` → "Interval low" = 0.9 (a
 * probability). Undefined when the text is not a JSON object or list.
 */
export function flattenJsonText(text: string): ResultLeaf[] | undefined {
  const t = text.trimStart();
  if (!t.startsWith("{") && !t.startsWith("[")) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== "object") return undefined;
  const leaves: ResultLeaf[] = [];
  walk(parsed, [], leaves);
  return leaves;
}

function walk(value: unknown, path: readonly string[], out: ResultLeaf[]): void {
  if (Array.isArray(value) && value.every(isScalar)) {
    // A list of plain values reads as one line.
    const text = value.map((v) => (v === null ? "—" : String(v))).join(", ");
    out.push({ label: labelOf(path), value: text, kind: "text" });
    return;
  }
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value)
      ? value.map((v, i): [string, unknown] => [String(i + 1), v])
      : Object.entries(value);
    for (const [key, v] of entries) walk(v, [...path, key], out);
    return;
  }
  const scalar: Scalar = isScalar(value) ? value : String(value);
  const key = path[path.length - 1] ?? "";
  out.push({ label: labelOf(path), value: scalar, kind: inferValueKind(key, scalar) });
}

const labelOf = (path: readonly string[]): string =>
  path.length === 0 ? "Value" : labelOfKey(path.join("_"));
