/** USDC's decimals, on every network it is paid on here. */
export const USDC_DECIMALS = 6;
/** The authorization of a payment must be usable for 60 seconds. */
export const MAX_TIMEOUT_SECONDS = 60;
