import type { Scalar } from "../model/report.js";
import { hasWord, keyWords } from "./key-words.js";
import {
  ADDRESS_WORDS,
  HASH_WORDS,
  IDENTIFIER_WORDS,
  MONEY_WORDS,
  PERCENT_WORDS,
  PROBABILITY_WORDS,
  RATIO_WORDS,
  STATUS_WORDS,
} from "./kind-words.js";
import {
  looksLikeAddress,
  looksLikeAnyAddress,
  looksLikeCamelKey,
  looksLikeDate,
  looksLikeDateTime,
  looksLikeEnumWord,
  looksLikeHash,
  looksLikeIdentifier,
  looksLikeSnakeWord,
  looksLikeUrl,
} from "./looks-like.js";
import type { ValueKind } from "./value-kind.js";

/** Inference reads at most this many values of a column (formatting tolerates the rest). */
export const INFERENCE_SAMPLE = 2_000;

const all = <T>(xs: readonly T[], test: (x: T) => boolean) => xs.length > 0 && xs.every(test);
const inUnit = (n: number) => n >= 0 && n <= 1;

/**
 * The kind of a column from its key and its values (nulls and empty strings ignored).
 * Conservative: a kind other than `text`/`number` only when the key and every value agree;
 * a mix of types is `text`.
 */
export function inferColumnKind(key: string, values: readonly Scalar[]): ValueKind {
  const present = values.filter((x) => x !== null && x !== "");
  const words = keyWords(key);
  const last = words[words.length - 1] ?? "";
  const strings = present.filter((x): x is string => typeof x === "string");
  const numbers = present.filter((x): x is number => typeof x === "number");

  if (present.length === 0) return "text";
  if (all(present, (x) => typeof x === "boolean")) return "boolean";

  if (strings.length === present.length) {
    if (hasWord(words, ADDRESS_WORDS) && all(strings, looksLikeAnyAddress)) return "address";
    if (all(strings, (s) => looksLikeHash(s))) return "hash";
    if (hasWord(words, HASH_WORDS) && all(strings, (s) => looksLikeHash(s, 32))) return "hash";
    if (IDENTIFIER_WORDS.has(last) && all(strings, looksLikeIdentifier)) return "identifier";
    if (all(strings, looksLikeAddress)) return "address";
    if (all(strings, looksLikeUrl)) return "url";
    if (all(strings, looksLikeDate)) return "date";
    if (all(strings, looksLikeDateTime)) return "datetime";
    if (all(strings, looksLikeEnumWord) && hasWord(words, STATUS_WORDS)) return "status";
    // Words like `snapshot_diff` or keys like `datasetPublishedAt` (a field/value table's
    // fields): never prose, whatever the column's key.
    if (
      all(strings, (s) => looksLikeEnumWord(s) || looksLikeCamelKey(s)) &&
      strings.some((s) => looksLikeSnakeWord(s) || looksLikeCamelKey(s))
    )
      return "status";
    return "text";
  }

  if (numbers.length === present.length) {
    if (IDENTIFIER_WORDS.has(last)) return "identifier";
    if (hasWord(words, PERCENT_WORDS)) return "percent";
    if (hasWord(words, MONEY_WORDS)) return "money";
    if (hasWord(words, RATIO_WORDS)) return "ratio";
    if ((hasWord(words, PROBABILITY_WORDS) || words[0] === "p") && all(numbers, inUnit))
      return "probability";
    if (all(numbers, Number.isInteger)) return "count";
    return "number";
  }
  return "text";
}
