import type { EventProcess } from "../growth/list-growth-model.js";

/**
 * The probability that a wallet of hazard h is hit within `horizonDays`: 1 − E[(1 − h)^A], A the
 * addresses added. With A compound negative binomial (see `additionsPmf`), E[z^A] is the
 * composition of probability generating functions ((1 − q)/(1 − q·G(z)))^α, G the batch-size
 * PGF and q = h/(β + h): exact, no simulation and no truncation. `rateScale` multiplies the
 * event rate; a `null` process adds nothing, so nothing is hit.
 */
export function marginalHitProbability(
  events: EventProcess | null,
  horizonDays: number,
  hazard: number,
  rateScale = 1,
): number {
  return hitProbabilityOfLogSurvival(events, horizonDays, Math.log1p(-hazard), rateScale);
}

/**
 * The same from ln(1 − h). With ln s = Σⱼ ln(1 − hⱼ) it is the probability that at least one of
 * several wallets is hit: no wallet is hit by an added address with probability s.
 */
export function hitProbabilityOfLogSurvival(
  events: EventProcess | null,
  horizonDays: number,
  logSurvival: number,
  rateScale = 1,
): number {
  if (events === null || logSurvival === 0) return 0;
  const q = horizonDays / (events.rate / rateScale + horizonDays);
  // ε = 1 − G(1 − h), summed from its positive terms so a tiny hazard keeps its digits; then
  // 1 − ((1 − q)/(1 − q + qε))^α = 1 − exp(−α·ln(1 + qε/(1 − q))).
  const { values, probabilities } = events.sizes;
  let epsilon = 0;
  for (let i = 0; i < values.length; i++) {
    epsilon -= (probabilities[i] as number) * Math.expm1((values[i] as number) * logSurvival);
  }
  return -Math.expm1(-events.shape * Math.log1p((q * epsilon) / (1 - q)));
}
