// Types of reference.mjs for the tests that compare the optimized runs against it.
import type { RandomSource } from "../dist/index.js";

/** What the reference reads of an event process: its Gamma rate and its batch-size law. */
interface ReferenceProcess {
  readonly shape: number;
  readonly rate: number;
  readonly sizes: {
    readonly values: ArrayLike<number>;
    readonly table: { sample(rng: RandomSource): number };
  };
}

export function referenceForecastHits(
  hazards: readonly number[] | Float64Array,
  matches: number,
  process: ReferenceProcess | null,
  horizonDays: number,
  iterations: number,
  rng: RandomSource,
): Int32Array;

export function referenceQueueCaught(
  items: readonly {
    hazard: number;
    match: boolean;
    optimized: boolean;
    naive: boolean;
  }[],
  process: ReferenceProcess | null,
  horizonDays: number,
  iterations: number,
  rng: RandomSource,
): { optimized: Int32Array; naive: Int32Array };

export function plainLoopHits(
  probabilities: readonly number[] | Float64Array,
  iterations: number,
  rng: RandomSource,
): Int32Array;
