/**
 * A difference of two probabilities in percentage points, for a report (−0.0312 → −3.12): a
 * difference may be negative, so it is not itself a probability a document shows as a percent.
 */
export const pointsOf = (difference: number | null): number | null =>
  difference === null ? null : Math.round(difference * 1e6) / 1e4;
