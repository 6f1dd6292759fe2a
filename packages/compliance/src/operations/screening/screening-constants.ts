/** What screening answers carry as their source. */
export const SCREENING_SOURCE = "OFAC SDN Advanced XML";

/** The note every single-address screening carries: a match is a signal for review, not a determination. */
export const SCREENING_NOTE =
  "Exact-match screening against OFAC's SDN digital-currency addresses: a manual-review signal, not a legal determination. A clear result does not mean a wallet is safe to deal with.";

/** What a report says of a ticker filter the caller did not set: every ticker's listings count. */
export const ANY_TICKER = "None (any ticker)";
