import { formatValue } from "@svc/report-model";

/** x rounded to `digits` decimals (a number, for tables and metrics). */
export const round = (x: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/** A probability as a percentage for prose: "53.79%", "0.0042%", "0%", "100%". */
export function percent(p: number): string {
  const x = 100 * p;
  if (x === 0 || x === 100) return `${x}%`;
  if (Math.abs(x) >= 0.01) return `${x.toFixed(2)}%`;
  return `${Number(x.toPrecision(2))}%`;
}

/** How the list's growth was estimated, in words (a report's reader never sees the enum). */
export const HISTORY_BASIS_WORDS: Readonly<Record<string, string>> = {
  snapshot_diff: "differences between stored editions of the list",
  listing_dates: "listing dates of the current edition",
  caller_prior: "the caller's prior rate",
};

/** `history_basis` in words; an unknown basis as it is. */
export const historyBasisWords = (basis: string): string => HISTORY_BASIS_WORDS[basis] ?? basis;

/** `2 wallets`, `1 wallet`. */
export const countOf = (n: number, one: string, many = `${one}s`): string =>
  `${formatValue(n, "count")} ${n === 1 ? one : many}`;
