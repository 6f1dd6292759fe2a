import { requireFinite } from "../validate/arguments.js";
import { requireNonNegativeInteger } from "./outcome.js";

/**
 * How much of the central `level` interval an outcome falls in, by the randomized probability
 * integral transform, without the randomness: for an integer outcome y of a law with cdf F, the
 * randomized PIT is U ~ Uniform(F(y − 1), F(y)), and this returns its expected hit rate, the
 * share of [F(y − 1), F(y)] inside [(1 − level)/2, (1 + level)/2]. Averaged over outcomes drawn
 * from the law itself it is exactly `level` (the shares of all y tile [0, 1]), so unlike counting
 * closed intervals on quantiles of a discrete, zero-heavy law it is nominal for a correct model.
 * An outcome the law gives no mass has a point PIT, F(y): 1 inside the band, else 0.
 * `pmf[k]` = P(k), k = 0, 1, …; mass beyond the table counts as above every entry.
 */
export function pitCoverage(pmf: ArrayLike<number>, y: number, level: number): number {
  requireFinite("pitCoverage", "level", level);
  if (!(level > 0 && level < 1)) throw new RangeError("pitCoverage: level must be in (0, 1)");
  requireNonNegativeInteger("pitCoverage", y);
  const lo = (1 - level) / 2;
  const hi = (1 + level) / 2;
  let below = 0;
  for (let k = 0; k < Math.min(y, pmf.length); k++) below += pmf[k] as number;
  const mass = y < pmf.length ? (pmf[y] as number) : 0;
  const at = below + mass;
  if (mass <= 0) return below >= lo && below <= hi ? 1 : 0;
  return Math.max(0, Math.min(at, hi) - Math.max(below, lo)) / mass;
}
