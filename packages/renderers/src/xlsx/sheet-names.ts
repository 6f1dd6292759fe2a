/**
 * Excel worksheet names: at most 31 characters (UTF-16 units), none of `[ ] : * ? / \`, not
 * starting or ending with an apostrophe, not blank, not "History" (reserved by Excel), and
 * unique within the workbook ignoring case.
 */
export const MAX_SHEET_NAME_LENGTH = 31;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const FORBIDDEN = /[[\]:*?/\\]/g;

/** Cuts `text` to at most `max` UTF-16 units without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end);
}

function tidy(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^'+|'+$/g, "")
    .trim();
}

/** A valid (not necessarily unique) sheet name for `raw`; `fallback` when nothing is left. */
export function sanitizeSheetName(raw: string, fallback = "Sheet"): string {
  let name = tidy(raw.replace(CONTROL, "").replace(FORBIDDEN, " "));
  if (name === "") name = tidy(fallback.replace(CONTROL, "").replace(FORBIDDEN, " ")) || "Sheet";
  name = tidy(cut(name, MAX_SHEET_NAME_LENGTH));
  if (name.toLowerCase() === "history") name = `${name} (sheet)`;
  return name === "" ? "Sheet" : name;
}

/** Hands out valid sheet names, each different (ignoring case) from the ones before. */
export class SheetNamer {
  readonly #used = new Set<string>();

  /** Reserves and returns a unique valid name for `raw` (numbered " (2)", " (3)"… on a clash). */
  take(raw: string, fallback = "Sheet"): string {
    const base = sanitizeSheetName(raw, fallback);
    let name = base;
    for (let k = 2; this.#used.has(name.toLowerCase()); k++) {
      const suffix = ` (${k})`;
      name = `${tidy(cut(base, MAX_SHEET_NAME_LENGTH - suffix.length))}${suffix}`;
    }
    this.#used.add(name.toLowerCase());
    return name;
  }
}
