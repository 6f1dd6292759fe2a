import { formatProbability, formatValue } from "@svc/report-model";

/** x rounded to `digits` decimals (a number, for tables and metrics). */
export const round = (x: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/**
 * The precision a forecast's figures have: two significant digits (0.068936 → 0.069). The base
 * hazard is an assumption nothing here can check, so a third digit would be noise dressed as a
 * measurement. Reports carry probabilities so; full values stay in the raw per-wallet data.
 */
const PRECISION_DIGITS = 2;

/** x to `PRECISION_DIGITS` significant digits (a number, for a report's tables and metrics). */
export const significant = (x: number, digits = PRECISION_DIGITS): number =>
  x === 0 || !Number.isFinite(x) ? x : Number(x.toPrecision(digits));

/**
 * A probability as a percentage for prose, as the report model shows one (two significant
 * digits): "6.9%", "0.23%", "< 0.01%", "> 99%"; "0%" and "100%" only for 0 and 1.
 */
export const percent = (p: number): string => formatProbability(p);

/** How the list's growth was estimated, in words (a report's reader never sees the enum). */
const HISTORY_BASIS_WORDS: Readonly<Record<string, string>> = {
  snapshot_diff: "differences between stored editions of the list",
  listing_dates: "listing dates of the current edition",
  caller_prior: "the caller's prior rate",
};

/** `history_basis` in words; an unknown basis as it is. */
export const historyBasisWords = (basis: string): string => HISTORY_BASIS_WORDS[basis] ?? basis;

/** `2 wallets`, `1 wallet`. */
export const countOf = (n: number, one: string, many = `${one}s`): string =>
  `${formatValue(n, "count")} ${n === 1 ? one : many}`;
