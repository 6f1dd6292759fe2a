import { AliasTable } from "../random/alias-table.js";
import { recencyWeights, type SizeTail, tailProbabilities } from "./size-tail.js";

/**
 * The distribution of batch sizes (addresses per addition or removal event): the empirical
 * distribution of the observed sizes (a bootstrap), possibly mixed with a fitted tail (`tail`:
 * see `SizeTail`), or, with too few observations, a shifted geometric default on 1, 2, 3, … with
 * a given mean.
 */
export interface BatchSizes {
  /** "empirical": the observed sizes (mixed with `tail`, if any); "default": the geometric fallback. */
  readonly source: "empirical" | "default";
  /** The distinct sizes, ascending. */
  readonly values: Int32Array;
  /** Their probabilities (sum 1). */
  readonly probabilities: Float64Array;
  /** The mean size under these probabilities. */
  readonly mean: number;
  /** The alias table over indices of `values`, for O(1) draws. */
  readonly table: AliasTable;
  /** The tail mixed in (its family and weight), or `null` for the observed sizes alone. */
  readonly tail: {
    readonly family: "lognormal" | "pareto";
    readonly weight: number;
    readonly recencyDays?: number;
  } | null;
}

/** Fewer observed events than this and the sizes fall back to the geometric default. */
export const MIN_EMPIRICAL_EVENTS = 3;

/** The default mean batch size: ~9 addresses per addition event on the real OFAC list. */
export const DEFAULT_MEAN_BATCH_SIZE = 9;

/** Tail mass left out when the geometric default is tabulated. */
const GEOMETRIC_TAIL = 1e-12;

function fromCounts(
  source: BatchSizes["source"],
  values: Int32Array,
  weights: Float64Array,
): BatchSizes {
  let total = 0;
  for (const w of weights) total += w;
  const probabilities = new Float64Array(weights.length);
  let mean = 0;
  for (let i = 0; i < weights.length; i++) {
    probabilities[i] = (weights[i] as number) / total;
    mean += (values[i] as number) * (probabilities[i] as number);
  }
  return { source, values, probabilities, mean, table: new AliasTable(probabilities), tail: null };
}

/**
 * The empirical distribution of observed sizes (positive integers, at least one), each counted
 * with its weight (default 1: the plain bootstrap).
 */
export function empiricalBatchSizes(
  sizes: readonly number[],
  weights: Float64Array = new Float64Array(sizes.length).fill(1),
): BatchSizes {
  const counts = new Map<number, number>();
  sizes.forEach((s, i) => {
    counts.set(s, (counts.get(s) ?? 0) + (weights[i] as number));
  });
  const distinct = [...counts.keys()].sort((a, b) => a - b);
  return fromCounts(
    "empirical",
    Int32Array.from(distinct),
    Float64Array.from(distinct.map((s) => counts.get(s) as number)),
  );
}

/**
 * The observed sizes (positive integers, at least one) mixed with a fitted tail:
 * (1 − weight) × their empirical distribution + weight × the tail family fitted to them, on
 * 1, 2, … up to where the family is cut (see `SizeTail`). With `ages` (days before the fit date,
 * one per size) and `tail.recencyDays` τ, each size counts exp(−age/τ) in both parts. The
 * observed sizes alone when the tail is `none`, its weight 0, or the family cannot be fitted (all
 * sizes equal).
 */
export function batchSizesWithTail(
  sizes: readonly number[],
  tail: SizeTail,
  ages?: readonly number[],
): BatchSizes {
  const recency = recencyWeights(sizes.length, ages, tail.recencyDays);
  const empirical = empiricalBatchSizes(sizes, recency);
  if (tail.family === "none" || tail.weight === 0) return empirical;
  const family = tailProbabilities(tail.family, sizes, recency);
  if (family === null) return empirical;
  const largest = empirical.values[empirical.values.length - 1] as number;
  const weights = new Float64Array(Math.max(largest, family.length));
  empirical.values.forEach((v, i) => {
    weights[v - 1] = (1 - tail.weight) * (empirical.probabilities[i] as number);
  });
  family.forEach((p, i) => {
    weights[i] = (weights[i] as number) + tail.weight * p;
  });
  const values: number[] = [];
  const kept: number[] = [];
  weights.forEach((w, i) => {
    if (w > 0) {
      values.push(i + 1);
      kept.push(w);
    }
  });
  return {
    ...fromCounts("empirical", Int32Array.from(values), Float64Array.from(kept)),
    tail:
      tail.recencyDays === undefined
        ? { family: tail.family, weight: tail.weight }
        : { family: tail.family, weight: tail.weight, recencyDays: tail.recencyDays },
  };
}

/**
 * A shifted geometric distribution on 1, 2, 3, … with mean `mean` ≥ 1 (success probability
 * p = 1/mean), tabulated up to the size where the tail is below 1e-12 and renormalized; the
 * `mean` field is the mean of the tabulated distribution (equal to `mean` within ~1e-9).
 */
export function geometricBatchSizes(mean: number): BatchSizes {
  if (mean === 1) return fromCounts("default", Int32Array.of(1), Float64Array.of(1));
  const q = 1 - 1 / mean;
  const n = Math.max(1, Math.ceil(Math.log(GEOMETRIC_TAIL) / Math.log(q)));
  const values = new Int32Array(n);
  const weights = new Float64Array(n);
  for (let k = 1; k <= n; k++) {
    values[k - 1] = k;
    weights[k - 1] = q ** (k - 1);
  }
  return fromCounts("default", values, weights);
}
