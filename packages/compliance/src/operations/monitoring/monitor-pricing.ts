/**
 * How monitors are sold. x402's `exact` scheme and the catalog fix one amount per route, so the
 * unit is a **monitor-period**: one monitor of 1 to 10,000 addresses for 30 days, one price,
 * whatever its size (at the most addresses, $0.000025 per address per 30 days; a book of a
 * million is 100 monitors). What a monitor costs the service grows with its deliveries and its
 * rows, not with the list: re-screening is proportional to an edition's change, not to the book.
 */
export const MONITOR_PRICE = "0.25";

/** The most addresses one monitor watches. */
export const MAX_MONITOR_ADDRESSES = 10_000;

/** One paid period, in days. */
export const MONITOR_PERIOD_DAYS = 30;

/** The price as the 402's description says it. */
export const MONITOR_PRICE_SENTENCE = `$${MONITOR_PRICE} per monitor per ${MONITOR_PERIOD_DAYS} days, 1 to ${MAX_MONITOR_ADDRESSES.toLocaleString("en-US")} addresses (from $0.000025 per address)`;
