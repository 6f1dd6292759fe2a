import { requireIntegerIn } from "../validate/arguments.js";

/**
 * ln(k!) for integers k ≥ 0: a table for k < 256 (summed logarithms, built once at module load),
 * Stirling's series beyond, where its first three correction terms are exact to well below one
 * unit in the last place.
 */

const TABLE_SIZE = 256;
const HALF_LOG_2PI = 0.9189385332046728; // ln(2π) / 2

const TABLE = (() => {
  const t = new Float64Array(TABLE_SIZE);
  for (let k = 2; k < TABLE_SIZE; k++) t[k] = t[k - 1]! + Math.log(k);
  return t;
})();

/**
 * Stirling's correction δ(k) = ln(k!) − [(k + ½)·ln k − k + ½·ln(2π)] for an integer k ≥ 1. It is
 * small (1/(12k) for large k), so poisson's log-density can subtract it without cancellation.
 */
export function stirlingCorrection(k: number): number {
  if (k < TABLE_SIZE) {
    return TABLE[k]! - ((k + 0.5) * Math.log(k) - k + HALF_LOG_2PI);
  }
  const r = 1 / k;
  const r2 = r * r;
  // 1/(12k) − 1/(360k³) + 1/(1260k⁵) − 1/(1680k⁷)
  return r * (1 / 12 - r2 * (1 / 360 - r2 * (1 / 1260 - r2 / 1680)));
}

/** ln(k!) for an integer k in [0, 2^53 − 1]. */
export function logFactorial(k: number): number {
  if (k < TABLE_SIZE && k >= 0 && Number.isInteger(k)) return TABLE[k]!;
  requireIntegerIn("logFactorial", "k", k, 0, Number.MAX_SAFE_INTEGER);
  return (k + 0.5) * Math.log(k) - k + HALF_LOG_2PI + stirlingCorrection(k);
}
