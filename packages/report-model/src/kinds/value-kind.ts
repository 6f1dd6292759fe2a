/**
 * What a value is, so every renderer shows it the same way: the one closed vocabulary of the
 * report model. A column, a headline metric and a field/value row each carry one; renderers
 * format with `formatValue(value, kind)` and lay out with `VALUE_KIND_TRAITS`.
 */
export const VALUE_KINDS = [
  /** Prose or any value nothing more is known of. */
  "text",
  /** An enum word (`manual_review_required`, `match`, `clear`, `high`): shown as words. */
  "status",
  /** A wallet address: monospace, copied whole, never broken. */
  "address",
  /** A digest such as SHA-256: monospace, never broken. */
  "hash",
  /** An entry id, feature id or reference: as written, no thousands separators. */
  "identifier",
  /** An integer count, with thousands separators. */
  "count",
  /** Any other number: a few significant digits. */
  "number",
  /** A value already in percent units (0–100): `33.3%`. */
  "percent",
  /**
   * A probability or share in [0, 1], shown as a percentage of two significant digits: `48%`,
   * `0.23%`, `< 0.01%`.
   */
  "probability",
  /** A multiplier such as a lift: `12.3×`, never an exploding percentage. */
  "ratio",
  /** A USD or USDC amount: `$0.25`. */
  "money",
  /** A calendar date, ISO 8601 (`2025-11-19`). */
  "date",
  /** An instant, ISO 8601: shown `2025-11-19 00:00:00 UTC` (`formatTimestamp`). */
  "datetime",
  /** Yes or No. */
  "boolean",
  /** A web address: shown as written, never broken. */
  "url",
] as const;

export type ValueKind = (typeof VALUE_KINDS)[number];

const KINDS: ReadonlySet<string> = new Set(VALUE_KINDS);

/** True for one of the `VALUE_KINDS`. */
export const isValueKind = (x: unknown): x is ValueKind => typeof x === "string" && KINDS.has(x);

/** How a value of a kind is laid out, the same in PDF, DOCX and XLSX. */
export interface ValueKindTraits {
  /** Set in a monospace face (addresses and hashes). */
  readonly monospace: boolean;
  /** Never broken across lines: given the width it needs (or a smaller size), never wrapped. */
  readonly keepWhole: boolean;
  /** Numbers align right; everything else left. */
  readonly align: "left" | "right";
}

const prose: ValueKindTraits = { monospace: false, keepWhole: false, align: "left" };
const word: ValueKindTraits = { monospace: false, keepWhole: true, align: "left" };
const code: ValueKindTraits = { monospace: true, keepWhole: true, align: "left" };
const numeric: ValueKindTraits = { monospace: false, keepWhole: true, align: "right" };

export const VALUE_KIND_TRAITS: Readonly<Record<ValueKind, ValueKindTraits>> = {
  text: prose,
  status: prose,
  address: code,
  hash: code,
  identifier: word,
  count: numeric,
  number: numeric,
  percent: numeric,
  probability: numeric,
  ratio: numeric,
  money: numeric,
  date: word,
  datetime: word,
  boolean: prose,
  url: word,
};
