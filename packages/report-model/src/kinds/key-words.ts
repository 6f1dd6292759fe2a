/**
 * The words of a key or label, lower case: `sdn_entry_id` → [sdn, entry, id], `entityName` →
 * [entity, name], `P(hits >= 2)` → [p, hits, 2], `Dataset SHA-256` → [dataset, sha, 256].
 */
export function keyWords(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "");
}

/** True when any of `words` is one of `names`. */
export const hasWord = (words: readonly string[], names: ReadonlySet<string>): boolean =>
  words.some((w) => names.has(w));
