import { requireIntegerIn, requireNonNegative, requirePositive } from "../validate/arguments.js";

/** Mass left beyond a baseline table (as for the model's exact law). */
const TABLE_TAIL = 1e-10;

/** More entries than this and the tabulation gives up (a guard, far above real use). */
const MAX_TABLE = 2_000_000;

/** The mean and variance of a count. */
export interface CountMoments {
  readonly mean: number;
  readonly variance: number;
}

/**
 * The moments of the addresses added over `horizonDays` by a compound Poisson process fitted to
 * a trailing window: the event rate is n / `windowDays` (n = the window's addition events) and
 * each event adds a batch drawn from the window's sizes, so the total has mean λh·E[S] and
 * variance λh·E[S²]. With no event in the window both are 0.
 */
export function compoundPoissonMoments(
  sizes: readonly number[],
  windowDays: number,
  horizonDays: number,
): CountMoments {
  requirePositive("compoundPoissonMoments", "windowDays", windowDays);
  requirePositive("compoundPoissonMoments", "horizonDays", horizonDays);
  let sum = 0;
  let squares = 0;
  sizes.forEach((s, i) => {
    requireIntegerIn("compoundPoissonMoments", `sizes[${i}]`, s, 1, 0x7fffffff);
    sum += s;
    squares += s * s;
  });
  // λh·E[S] = (n/window)·h·(Σs/n): the n cancels.
  const scale = horizonDays / windowDays;
  return { mean: scale * sum, variance: scale * squares };
}

/**
 * The negative binomial law on 0, 1, 2, … with the given mean m and variance v: size
 * r = m²/(v − m), success probability p = m/v, P(k) = Γ(k + r)/(k!·Γ(r))·p^r·(1 − p)^k; the
 * Poisson law of mean m when v ≤ m (no overdispersion to express), and certainty at 0 when m = 0.
 * Tabulated (in logs, so that P(0) may underflow) until the mass left is below 1e-10 and at least
 * through index `through` (so that an outcome's own probability is in the table).
 */
export function negativeBinomialPmf(mean: number, variance: number, through = 0): Float64Array {
  requireNonNegative("negativeBinomialPmf", "mean", mean);
  requireNonNegative("negativeBinomialPmf", "variance", variance);
  requireIntegerIn("negativeBinomialPmf", "through", through, 0, MAX_TABLE);
  if (mean === 0) return Float64Array.of(1);
  const poisson = variance <= mean;
  const r = poisson ? 0 : (mean * mean) / (variance - mean);
  const p = poisson ? 0 : mean / variance;
  // log P(0), then log P(k)/P(k − 1).
  let logP = poisson ? -mean : r * Math.log(p);
  const ratio = (k: number): number =>
    poisson ? Math.log(mean / k) : Math.log(((k - 1 + r) / k) * (1 - p));
  const pmf: number[] = [Math.exp(logP)];
  let cumulative = pmf[0] as number;
  for (let k = 1; k <= through || 1 - cumulative > TABLE_TAIL; k++) {
    if (k > MAX_TABLE) throw new RangeError("negativeBinomialPmf: the distribution is too wide");
    logP += ratio(k);
    const f = Math.exp(logP);
    pmf.push(f);
    cumulative += f;
    // Rounding can hold the sum a hair below 1 − tail: past the mean, an underflow ends it.
    if (k > through && k > mean && f === 0) break;
  }
  return Float64Array.from(pmf);
}
