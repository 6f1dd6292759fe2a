import { looksLikeCamelKey, looksLikeEnumWord } from "../kinds/looks-like.js";
import { labelOfKey, sentence } from "../labels/label-of-key.js";

/**
 * An enum word as words: `manual_review_required` → "Manual review required", `match` →
 * "Match", `ofac_match` → "OFAC match", `list_rate_x0.5` → "List rate x0.5", and a key in
 * lowerCamelCase likewise (`datasetPublishedAt` → "Dataset published at"). Anything else
 * (prose, a name, a ticker) is returned as it is.
 */
export function formatStatus(word: string): string {
  if (looksLikeCamelKey(word)) return labelOfKey(word);
  return looksLikeEnumWord(word) ? sentence(word.split(/[_-]+/)) : word;
}
