import type { RandomSource } from "../rng/random-source.js";
import { requirePositive } from "../validate/arguments.js";
import { standardNormal } from "./normal.js";

/**
 * A Gamma(shape, rate) deviate (mean shape/rate, variance shape/rate²) by Marsaglia and Tsang
 * (2000), "A simple method for generating gamma variables":
 *
 * - shape ≥ 1: with d = shape − ⅓ and c = 1/√(9d), draw x ~ N(0, 1) until v = (1 + c·x)³ > 0,
 *   then u uniform in (0, 1]; accept d·v if u < 1 − 0.0331·x⁴ (the squeeze, which decides most
 *   draws without a logarithm) or if ln u < x²/2 + d·(1 − v + ln v). Over 95% of the
 *   candidates are accepted for any shape ≥ 1.
 * - shape < 1 (the boost): Gamma(shape) = Gamma(shape + 1) · u^(1/shape) with u in (0, 1].
 *   For very small shapes the result can underflow to 0 (e.g. shape = 0.01 gives values below
 *   1e-300 about 0.1% of the time, as the true distribution does).
 *
 * The result is divided by `rate` (default 1).
 */
export function gamma(rng: RandomSource, shape: number, rate = 1): number {
  requirePositive("gamma", "shape", shape);
  requirePositive("gamma", "rate", rate);
  if (shape < 1) {
    const g = marsagliaTsang(rng, shape + 1);
    const u = 1 - rng.nextFloat();
    return (g * u ** (1 / shape)) / rate;
  }
  return marsagliaTsang(rng, shape) / rate;
}

/** Gamma(shape, 1) for shape ≥ 1 (not checked). */
function marsagliaTsang(rng: RandomSource, shape: number): number {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = standardNormal(rng);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = 1 - rng.nextFloat(); // (0, 1]: ln u is finite
    const x2 = x * x;
    if (u < 1 - 0.0331 * x2 * x2) return d * v;
    if (Math.log(u) < 0.5 * x2 + d * (1 - v + Math.log(v))) return d * v;
  }
}
