/**
 * What a single value looks like, by its form alone. Strict on purpose: inference must not call
 * prose an address.
 */

const EVM = /^0x[0-9a-fA-F]{40}$/;
const BECH32 = /^(?:bc|tb|bcrt|ltc|tltc)1[02-9ac-hj-np-z]{6,87}$/;
const BECH32_UPPER = /^(?:BC|TB|BCRT|LTC|TLTC)1[02-9AC-HJ-NP-Z]{6,87}$/;
const CASHADDR = /^(?:bitcoincash:)?[qp][02-9ac-hj-np-z]{41}$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{25,44}$/;
const MONERO = /^[48][1-9A-HJ-NP-Za-km-z]{94}(?:[1-9A-HJ-NP-Za-km-z]{11})?$/;
const HAS_DIGIT = /\d/;
const HAS_UPPER = /[A-Z]/;
const HAS_LOWER = /[a-z]/;

/** A wallet address in a format the service knows (EVM, bech32, cashaddr, base58, Monero). */
export function looksLikeAddress(s: string): boolean {
  if (EVM.test(s) || BECH32.test(s) || BECH32_UPPER.test(s) || CASHADDR.test(s)) return true;
  // base58: a word of 25–44 letters would pass the alphabet; real addresses mix digits and cases.
  if (BASE58.test(s) || MONERO.test(s))
    return HAS_DIGIT.test(s) && HAS_UPPER.test(s) && HAS_LOWER.test(s);
  return false;
}

/** One unbroken token of 20–130 characters: an address in a column that names one. */
export const looksLikeAnyAddress = (s: string): boolean =>
  /^[A-Za-z0-9:._-]{20,130}$/.test(s) && HAS_DIGIT.test(s);

/** A SHA-256 (64 hex digits) or, with `minLength`, a shorter digest. */
export const looksLikeHash = (s: string, minLength = 64): boolean =>
  s.length >= minLength && s.length <= 128 && /^[0-9a-fA-F]+$/.test(s) && HAS_DIGIT.test(s);

export const looksLikeDate = (s: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(s);

export const looksLikeDateTime = (s: string): boolean =>
  /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/.test(s);

export const looksLikeUrl = (s: string): boolean => /^https?:\/\/[^\s]+$/.test(s);

/** An enum word: lower case, digits, `_`/`-` between parts (`manual_review_required`, `x0.5`). */
export const looksLikeEnumWord = (s: string): boolean =>
  /^[a-z][a-z0-9]*(?:[_-][a-z0-9.]+)*$/.test(s);

/**
 * An enum word in snake_case, two or more parts: never prose (`manual_review_required`,
 * `snapshot_diff`). Hyphenated words (`exposure-1`, a version) are left alone.
 */
export const looksLikeSnakeWord = (s: string): boolean => looksLikeEnumWord(s) && s.includes("_");

/** An id, or a list of ids (`27307`, `CASE-2026-0142`, `50215; 50216`): no prose. */
export const looksLikeIdentifier = (s: string): boolean =>
  /^[\w.:#/-]+(?:[;,] ?[\w.:#/-]+)*$/.test(s);

/** A key in lowerCamelCase (`datasetPublishedAt`, `sourceUrl`). */
export const looksLikeCamelKey = (s: string): boolean =>
  /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$/.test(s);
