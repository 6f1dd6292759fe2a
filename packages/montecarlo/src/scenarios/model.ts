import { normalCdf } from "./normal-cdf.js";
import type { Scenario } from "./scenario-schema.js";

/** A scenario as arrays in the order of its parameters (weights default 1, sds 0). */
export interface CompiledScenario {
  readonly names: readonly string[];
  readonly values: Float64Array;
  readonly weights: Float64Array;
  readonly sds: Float64Array;
  readonly noise: number;
  readonly bias: number;
  readonly threshold: number;
}

export function compileScenario(s: Scenario): CompiledScenario {
  const names = Object.keys(s.parameters);
  return {
    names,
    values: Float64Array.from(names, (n) => s.parameters[n]!),
    weights: Float64Array.from(names, (n) => s.weights?.[n] ?? 1),
    sds: Float64Array.from(names, (n) => s.uncertainty?.[n] ?? 0),
    noise: s.outcome_noise ?? 0,
    bias: s.bias ?? 0,
    threshold: s.threshold,
  };
}

/** The expected score, bias + Σ weight·value. */
export function meanScore(sc: CompiledScenario, values: Float64Array = sc.values): number {
  let m = sc.bias;
  for (let i = 0; i < values.length; i++) m += sc.weights[i]! * values[i]!;
  return m;
}

/** The standard deviation of the score, √Σ (weight·sd)², times `scale`. */
export function scoreSd(sc: CompiledScenario, scale = 1): number {
  let v = 0;
  for (let i = 0; i < sc.sds.length; i++) v += (sc.weights[i]! * sc.sds[i]! * scale) ** 2;
  return Math.sqrt(v);
}

/** The standard deviation of score + noise. */
export function outcomeSd(sc: CompiledScenario, sdScale = 1): number {
  return Math.sqrt(scoreSd(sc, sdScale) ** 2 + sc.noise ** 2);
}

/**
 * The exact P(score + noise ≥ threshold): score + noise is Normal(mean, sd²), so it is
 * 1 − Φ((threshold − mean)/sd) = Φ((mean − threshold)/sd); a step at the threshold when sd = 0.
 */
export function exactProbability(mean: number, sd: number, threshold: number): number {
  if (sd === 0) return mean >= threshold ? 1 : 0;
  return normalCdf((mean - threshold) / sd);
}

/** The exact success probability of a scenario. */
export const exactOf = (sc: CompiledScenario, sdScale = 1): number =>
  exactProbability(meanScore(sc), outcomeSd(sc, sdScale), sc.threshold);
