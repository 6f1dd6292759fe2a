import { LABEL_WORDS, PERCENTILE } from "./word-table.js";

/** A key as written by code: no spaces (`sdn_entry_id`, `entityName`, `queue-optimizer`). */
const IS_KEY = /^[A-Za-z0-9]+(?:[_-]+[A-Za-z0-9]+)*$/;

function word(w: string, first: boolean): string {
  const known = LABEL_WORDS[w.toLowerCase()];
  if (known !== undefined) return known;
  if (PERCENTILE.test(w.toLowerCase())) return w.toUpperCase();
  // A word in capitals (a ticker, an acronym not in the table) stays as written.
  if (w.length > 1 && w === w.toUpperCase() && /[A-Z]/.test(w)) return w;
  const lower = w.toLowerCase();
  return first ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
}

/**
 * The display label of a key, in sentence case with the memo's own spellings: `sdn_entry_id` →
 * "SDN entry ID", `dataset_sha256` → "Dataset SHA-256", `p50_hits` → "P50 hits", `entityName`
 * → "Entity name". Text that is not a key (it has spaces or punctuation, e.g. "Match count")
 * is already a label and is returned as it is.
 */
export function labelOfKey(key: string): string {
  const trimmed = key.trim();
  if (!IS_KEY.test(trimmed)) return trimmed === "" ? key : trimmed;
  return sentence(trimmed.replace(/([a-z0-9])([A-Z])/g, "$1 $2").split(/[\s_-]+/));
}

/** Words joined in sentence case, with the word table's spellings. */
export const sentence = (words: readonly string[]): string =>
  words
    .filter((w) => w !== "")
    .map((w, i) => word(w, i === 0))
    .join(" ");
