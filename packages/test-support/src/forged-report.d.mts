/** A paid wallet report of `address` edited to say "clear": 0 matches, no review, no match rows. */
export function forgedClearReport<Report>(report: Report, address: string): Report;
