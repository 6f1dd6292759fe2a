/** `rows` of a field/value table with the named fields' values replaced. */
export function rowsWith<Row>(
  rows: readonly Row[] | undefined,
  edits: Record<string, unknown>,
): Row[];
/** A paid wallet report of `address` edited to say "clear": 0 matches, no review, no match rows. */
export function forgedClearReport<Report>(report: Report, address: string): Report;
