import { AliasTable } from "../random/alias-table.js";

/**
 * The distribution of batch sizes (addresses per addition or removal event): either the
 * empirical distribution of the observed sizes (a bootstrap) or, with too few observations, a
 * shifted geometric default on 1, 2, 3, … with a given mean.
 */
export interface BatchSizes {
  /** "empirical": the observed sizes; "default": the shifted geometric fallback. */
  readonly source: "empirical" | "default";
  /** The distinct sizes, ascending. */
  readonly values: Int32Array;
  /** Their probabilities (sum 1). */
  readonly probabilities: Float64Array;
  /** The mean size under these probabilities. */
  readonly mean: number;
  /** The alias table over indices of `values`, for O(1) draws. */
  readonly table: AliasTable;
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
  return { source, values, probabilities, mean, table: new AliasTable(probabilities) };
}

/** The empirical distribution of observed sizes (positive integers, at least one). */
export function empiricalBatchSizes(sizes: readonly number[]): BatchSizes {
  const counts = new Map<number, number>();
  for (const s of sizes) counts.set(s, (counts.get(s) ?? 0) + 1);
  const distinct = [...counts.keys()].sort((a, b) => a - b);
  return fromCounts(
    "empirical",
    Int32Array.from(distinct),
    Float64Array.from(distinct.map((s) => counts.get(s) as number)),
  );
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
