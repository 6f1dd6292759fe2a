/** The words of a key or label that say what its values are, each list for one kind. */

const set = (...words: string[]): ReadonlySet<string> => new Set(words);

export const ADDRESS_WORDS = set("address", "addresses", "wallet", "wallets");
export const HASH_WORDS = set("sha", "sha256", "sha1", "sha512", "hash", "digest", "checksum");
export const STATUS_WORDS = set(
  "status",
  "decision",
  "recommendation",
  "level",
  "tier",
  "confidence",
  "outcome",
  "disposition",
  "state",
  "severity",
  "verdict",
  "basis",
);
export const PROBABILITY_WORDS = set(
  "probability",
  "prob",
  "likelihood",
  "chance",
  "share",
  "fraction",
);
export const PERCENT_WORDS = set("percent", "percentage", "pct");
export const RATIO_WORDS = set("lift", "ratio", "multiplier");
export const MONEY_WORDS = set("usd", "usdc");
export const IDENTIFIER_WORDS = set("id", "ids", "uid", "uuid", "seed");
