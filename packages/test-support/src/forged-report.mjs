// The forgery of a paid wallet report that the document routes must not vouch for: a report of a
// listed address edited to say "clear", with no matches and no review, its attestation (which
// says "match") left attached. Shared by the library's read-back test and the service's paid
// end-to-end test, so both forge the same way.

/** `rows` of a field/value table with the named fields' values replaced. */
const rowsWith = (rows, edits) =>
  (rows ?? []).map((row) => {
    const field = row?.field;
    return typeof field === "string" && field in edits ? { ...row, value: edits[field] } : row;
  });

/** A paid wallet report of `address` edited to say "clear": 0 matches, no review, no match rows. */
export function forgedClearReport(report, address) {
  const tables = report.tables ?? {};
  const query = tables.wallet_screening_query;
  const matches = tables.wallet_screening_matches;
  return {
    ...report,
    executive_summary: [
      `${address} has no exact match among OFAC's SDN digital-currency addresses. No manual review is triggered by this screening.`,
    ],
    headline_metrics: (report.headline_metrics ?? []).map((m) =>
      m.label === "Status"
        ? { ...m, value: "clear" }
        : m.label === "Match count"
          ? { ...m, value: 0 }
          : m.label === "Manual review recommended"
            ? { ...m, value: false }
            : m,
    ),
    tables: {
      ...tables,
      wallet_screening_query: {
        ...query,
        columns: query?.columns ?? ["field", "value"],
        rows: rowsWith(query?.rows, {
          Status: "clear",
          "Match count": 0,
          "Exact address match": false,
          "Manual review recommended": false,
        }),
      },
      wallet_screening_matches: { columns: matches?.columns ?? [], rows: [] },
    },
  };
}
