import { formatValue } from "@svc/report-model";

/** `1 in 20,000`: the base hazard as odds a reviewer reads. */
const baseHazardOdds = (baseHazard: number): string =>
  `1 in ${formatValue(Math.round(1 / baseHazard), "count")}`;

/** `at an assumed base hazard of 1 in 20,000`: what a headline figure of a forecast rests on. */
export const assumedHazard = (baseHazard: number): string =>
  `at an assumed base hazard of ${baseHazardOdds(baseHazard)}`;

/**
 * `at 1 in 20,000`: the short form, for a label that already follows the sentence naming the
 * base hazard (`assumptionSentence`) and must stay on one line.
 */
export const atHazard = (baseHazard: number): string => `at ${baseHazardOdds(baseHazard)}`;

/**
 * The sentence page 1 of a forecast or a review queue opens with: every absolute figure after it
 * rests on an assumed base hazard (not estimated from the list's history), over a horizon, and
 * what a hit means. Said first, beside the figures, not pages later with the model's parameters.
 */
export function assumptionSentence(baseHazard: number, horizonDays: number): string {
  return `Every figure below rests on an assumed base hazard, not on data: a standard wallet becomes an exact OFAC SDN match with a chance of ${baseHazardOdds(baseHazard)} for each address the list adds; a hit is a wallet here becoming an exact match within ${horizonDays} days.`;
}
