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
  looksLikeDate,
  looksLikeDateTime,
  looksLikeEnumWord,
  looksLikeHash,
  looksLikeIdentifier,
  looksLikeSnakeWord,
  looksLikeUrl,
} from "./looks-like.js";
import type { ValueKind } from "./value-kind.js";

const PERCENT_UNITS = new Set(["%", "percent", "pct"]);
const MONEY_UNITS = new Set(["usd", "usdc", "$"]);
const RATIO_UNITS = new Set(["×", "x", "times"]);

/**
 * The kind of one value under a label: a headline metric (`Workflow status` =
 * `manual_review_required`, `P(hits >= 2)` = 7.61 `%`) or a row of a field/value table
 * (`Dataset SHA-256` = `88783a…`). The unit, then the label's words, then the value's form;
 * `text`/`number` when unsure.
 */
export function inferValueKind(
  label: string,
  value: Scalar,
  unit: string | null = null,
): ValueKind {
  if (value === null) return "text";
  if (typeof value === "boolean") return "boolean";
  const words = keyWords(label);
  const u = unit?.trim().toLowerCase() ?? "";
  if (typeof value === "number") {
    if (PERCENT_UNITS.has(u)) return "percent";
    if (MONEY_UNITS.has(u)) return "money";
    if (RATIO_UNITS.has(u)) return "ratio";
    if (u !== "") return Number.isInteger(value) ? "count" : "number";
    if (hasWord(words, IDENTIFIER_WORDS)) return "identifier";
    // "Expected recall (%)": the label names the unit.
    if (hasWord(words, PERCENT_WORDS) || /\(\s*%\s*\)/.test(label)) return "percent";
    if (hasWord(words, MONEY_WORDS)) return "money";
    if (hasWord(words, RATIO_WORDS)) return "ratio";
    if ((hasWord(words, PROBABILITY_WORDS) || words[0] === "p") && value >= 0 && value <= 1)
      return "probability";
    return Number.isInteger(value) ? "count" : "number";
  }
  const s = value.trim();
  if (looksLikeAddress(s)) return "address";
  if (hasWord(words, ADDRESS_WORDS) && looksLikeAnyAddress(s)) return "address";
  if (looksLikeHash(s) || (hasWord(words, HASH_WORDS) && looksLikeHash(s, 32))) return "hash";
  if (looksLikeUrl(s)) return "url";
  if (looksLikeDate(s)) return "date";
  if (looksLikeDateTime(s)) return "datetime";
  if (looksLikeEnumWord(s) && (hasWord(words, STATUS_WORDS) || looksLikeSnakeWord(s)))
    return "status";
  if (hasWord(words, IDENTIFIER_WORDS) && looksLikeIdentifier(s)) return "identifier";
  return "text";
}
