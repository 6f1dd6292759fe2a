import type { RandomSource } from "../rng/random-source.js";

/** A RandomSource that replays fixed 32-bit outputs, to drive a sampler down a chosen path. */
export function scriptedSource(outputs: readonly number[]): RandomSource & { used: number } {
  const source = {
    used: 0,
    normalSpare: Number.NaN,
    nextUint32(): number {
      const x = outputs[source.used];
      if (x === undefined) throw new Error("scriptedSource: out of outputs");
      source.used++;
      return x;
    },
    nextFloat(): number {
      return source.nextUint32() / 2 ** 32;
    },
  };
  return source;
}
