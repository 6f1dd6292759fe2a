/**
 * The Poisson-binomial distribution of the number of hits among independent wallets, tabulated
 * only as far as it has mass: P(X = k) for k = 0..K, K the smallest k > μ (the mean) whose
 * Chernoff bound P(X ≥ k) ≤ e^(−μ)·(eμ/k)^k is below 1e-16. The mass that would go above K is
 * tracked exactly as the table is built; if it is not negligible, the table is redone in full.
 * For the small probabilities of sanctions screening this is n·K instead of n² work (K ≈ 20
 * instead of 500).
 */

/** Mass above the table that is accepted (below it, the truncation is invisible in a double). */
const OVERFLOW_TOLERANCE = 1e-15;

/** Scratch for the dynamic program, reused between calls (the module is single-threaded). */
let scratch = new Float64Array(64);

function tabulate(ps: Float64Array, top: number): { pmf: Float64Array; overflow: number } {
  if (scratch.length < top + 1) scratch = new Float64Array(2 * (top + 1));
  const pmf = scratch;
  pmf.fill(0, 0, top + 1);
  pmf[0] = 1;
  let overflow = 0;
  let reach = 0;
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i] as number;
    if (p === 0) continue;
    const q = 1 - p;
    if (reach === top) overflow += (pmf[top] as number) * p;
    else reach++;
    for (let k = reach; k > 0; k--) pmf[k] = (pmf[k] as number) * q + (pmf[k - 1] as number) * p;
    pmf[0] = (pmf[0] as number) * q;
  }
  return { pmf: pmf.slice(0, reach + 1), overflow };
}

/**
 * P(X = k) for k = 0..K (K ≤ n); `tailMass`, the mass left out, is below 1e-15. When most
 * wallets are likely hits, the misses are tabulated instead (their count is n − X), so the work
 * stays small at both ends.
 */
export function truncatedPoissonBinomial(ps: Float64Array): {
  pmf: Float64Array;
  tailMass: number;
} {
  let mean = 0;
  for (let i = 0; i < ps.length; i++) mean += ps[i] as number;
  if (mean > ps.length / 2) {
    const misses = tabulateHits(
      ps.map((p) => 1 - p),
      ps.length - mean,
    );
    const pmf = new Float64Array(ps.length + 1);
    misses.pmf.forEach((p, m) => {
      pmf[ps.length - m] = p;
    });
    return { pmf, tailMass: misses.tailMass };
  }
  return tabulateHits(ps, mean);
}

function tabulateHits(ps: Float64Array, mean: number): { pmf: Float64Array; tailMass: number } {
  const bound = Math.min(ps.length, chernoffBound(mean));
  const first = tabulate(ps, bound);
  if (first.overflow <= OVERFLOW_TOLERANCE || bound === ps.length) {
    return { pmf: first.pmf, tailMass: first.overflow };
  }
  return { pmf: tabulate(ps, ps.length).pmf, tailMass: 0 };
}

/** ln 1e-16: the Chernoff tail accepted above the table. */
const LOG_TAIL = -36.85;

/** The smallest k > μ with −μ + k·(1 + ln μ − ln k) ≤ ln 1e-16 (0 when μ = 0). */
function chernoffBound(mean: number): number {
  if (mean === 0) return 0;
  const logMean = Math.log(mean);
  let k = Math.floor(mean) + 1;
  while (-mean + k * (1 + logMean - Math.log(k)) > LOG_TAIL) k++;
  return k;
}
