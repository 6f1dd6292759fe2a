/**
 * What the samplers need from a generator. `Xoshiro128StarStar` is the implementation; tests may
 * pass any other object of this shape.
 */
export interface RandomSource {
  /** A uniformly distributed integer in [0, 2^32). */
  nextUint32(): number;
  /** A uniformly distributed double in [0, 1) on a grid of 2^-32 (one `nextUint32`). */
  nextFloat(): number;
  /**
   * The second deviate of the last Marsaglia polar pair, kept by `standardNormal` for its next
   * call; `NaN` when there is none. Part of the stream's state: `clone()` copies it, re-seeding
   * and `jump()` clear it. Samplers other than `standardNormal` never touch it.
   */
  normalSpare: number;
}
