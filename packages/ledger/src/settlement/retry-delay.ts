/** The longest wait between two attempts: an authorization is valid for about a minute. */
const MAX_RETRY_DELAY_SECONDS = 8;

/** Seconds before attempt `attempts + 1`, after `attempts` failed ones: 1, 2, 4, 8, 8 … */
export const retryDelaySeconds = (attempts: number): number =>
  Math.min(MAX_RETRY_DELAY_SECONDS, 2 ** Math.max(0, attempts - 1));
