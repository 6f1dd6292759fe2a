import type { EventProcess } from "../growth/list-growth-model.js";
import { requireIntegerIn } from "../validate/arguments.js";

/**
 * Probability mass of the additions left out of the table: every exact probability is within
 * this of the model's true value (figures are reported to far fewer digits).
 */
export const EXACT_TAIL = 1e-10;

/** More support points than this and the tabulation gives up (a guard, far above real use). */
const MAX_SUPPORT = 2_000_000;

/** P(A = a) for a = 0..pmf.length − 1, and the mass beyond (< `EXACT_TAIL`). */
export interface AdditionsPmf {
  readonly pmf: Float64Array;
  readonly tailMass: number;
  readonly mean: number;
}

/**
 * The exact distribution of the addresses a process adds over `horizonDays` days, when the event
 * rate is λ ~ Gamma(α, β), the events are Poisson(λh) and each adds a batch drawn from the size
 * table. The event count is then negative binomial, NB(α, q = h/(β + h)), and the total is a
 * compound negative binomial, computed by Panjer's recursion (a = q, b = (α − 1)q):
 * f(0) = (1 − q)^α and f(s) = Σⱼ (a + b·j/s)·size(j)·f(s − j). All terms are non-negative, so
 * there is no cancellation. Tabulated until the mass left is below `EXACT_TAIL` and at least
 * through index `through` (so that a backtest's outcome, however far out, has its own
 * probability in the table); `rateScale` multiplies the event rate (sensitivity analyses). A
 * `null` process adds nothing.
 */
export function additionsPmf(
  events: EventProcess | null,
  horizonDays: number,
  rateScale = 1,
  through = 0,
): AdditionsPmf {
  requireIntegerIn("additionsPmf", "horizonDays", horizonDays, 1, 3650);
  requireIntegerIn("additionsPmf", "through", through, 0, MAX_SUPPORT);
  if (events === null) return { pmf: Float64Array.of(1), tailMass: 0, mean: 0 };
  const { values, probabilities } = events.sizes;
  const maxSize = values[values.length - 1] as number;
  const size = new Float64Array(maxSize + 1);
  values.forEach((v, i) => {
    size[v] = probabilities[i] as number;
  });
  const q = horizonDays / (events.rate / rateScale + horizonDays);
  const a = q;
  const b = (events.shape - 1) * q;
  const f: number[] = [(1 - q) ** events.shape];
  if (!((f[0] as number) > 0)) {
    throw new RangeError("additionsPmf: P(no addition) underflows; the rate is too high");
  }
  // Rounding can keep the running sum a hair below 1 − EXACT_TAIL; past the mean, a window of
  // maxSize negligible terms also ends the table (the tail of a compound law decays from there).
  const expected = (events.shape / events.rate) * rateScale * horizonDays * events.sizes.mean;
  let cumulative = f[0] as number;
  let window = cumulative;
  let mean = 0;
  for (let s = 1; s <= through || 1 - cumulative > EXACT_TAIL; s++) {
    if (s > MAX_SUPPORT) throw new RangeError("additionsPmf: the distribution is too wide");
    let sum = 0;
    const top = Math.min(s, maxSize);
    for (let j = 1; j <= top; j++) {
      sum += (a + (b * j) / s) * (size[j] as number) * (f[s - j] as number);
    }
    f.push(sum);
    cumulative += sum;
    mean += s * sum;
    window += sum - (s >= maxSize ? (f[s - maxSize] as number) : 0);
    if (s > through && s > expected && s >= maxSize && window < EXACT_TAIL * 1e-3) break;
  }
  return { pmf: Float64Array.from(f), tailMass: Math.max(0, 1 - cumulative), mean };
}
