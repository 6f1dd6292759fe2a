import {
  chartOfSeries,
  metric,
  parseReport,
  type Report,
  reportModel,
  tableFromRecords,
} from "@svc/report-model";

/** Wallets in Latin, Cyrillic, Han, Hangul and Arabic script, printed whole. */
const WALLETS = [
  ["0x098B716B8Aaf21512996dC57EB0615e2383E2f96", "ETH", "match", "Lazarus Group"],
  ["1LrxsRd7zNuxPJcL5rttnoeJFy1y4AffYY", "XBT", "match", "КАРАСАВИДИ Дмитрий"],
  ["TUCsTq7TofTCJRRoHk6RvhMoS2mJLm5Yzq", "USDT", "match", "王 明明"],
  ["0xb6f5ec1a0a9cd1526536d3f0426c429529471f40", "USDT", "match", "김 상만"],
  ["bc1qa5wkgaew2dkv56kfvj49j0av5nml45x9ek9hz6", "XBT", "clear", "خطیبی عقدا احمد"],
] as const;

/** A sentence long enough to wrap over several lines, as memo prose does. */
const PROSE =
  "Exact match on the canonical address form: surrounding spaces trimmed, 0x addresses compared case-insensitively, checksums verified where the format has one; a wallet matches under every ticker its address is listed under, whatever asset was requested, and no fuzzy, partial or transaction-graph matching is done.";

/**
 * A small report a worker renders as PDF, DOCX and XLSX before it takes its first render, so
 * that render finds the libraries' code compiled and the base fonts parsed. It has the parts a
 * memo has, so the same code runs: a title block, summary paragraphs that wrap, metric cards of
 * each value type, field/value tables with long values, a results table of whole wallet
 * addresses with names in Latin, Cyrillic, Arabic, Han and Hangul script running over a page
 * break, a bar chart and an appendix sheet. Built as the operations build theirs (the wire form,
 * then `parseReport`), so it takes the same path through the renderers as a real report.
 */
export function warmUpReport(): Report {
  const rows = Array.from({ length: 60 }, (_, i) => {
    const [address, asset, status, name] = WALLETS[i % WALLETS.length] as (typeof WALLETS)[number];
    return {
      position: i + 1,
      address,
      asset,
      status,
      match_count: status === "match" ? 1 : 0,
      matched_entities: status === "match" ? name : "",
      score: Math.round((i + 1) * 1234.5678) / 100,
    };
  });
  return parseReport(
    reportModel(
      {
        report_type: "render_pool_warm_up",
        title: "Render pool warm-up",
        subtitle: "Subject: warm-up  |  Reference: WARM-1  |  Workflow status: clear",
        author: "render pool",
        date: "2026-01-01",
      },
      {
        executive_summary: [
          `Rendered by each worker when it starts, before it takes a render. ${PROSE}`,
          PROSE,
          "Every wallet address is printed whole.",
        ],
        headline_metrics: [
          metric("Workflow status", "manual_review_required"),
          metric("Total screened", rows.length),
          metric("Match ratio", 0.8, "%"),
          metric("Manual review required", true),
        ],
        tables: {
          case_metadata: tableFromRecords([
            { field: "Subject", value: "Warm-up" },
            { field: "Reference ID", value: "WARM-1" },
            { field: "Dataset SHA-256", value: "3ed6690688".repeat(7).slice(0, 64) },
            { field: "Match rule", value: PROSE },
          ]),
          screening_results: tableFromRecords(rows),
          evidence: tableFromRecords(
            WALLETS.map(([address, asset, , name], i) => ({
              evidence: i + 1,
              text: `#${i + 1} ${address} (${asset}) is listed for ${name}. ${PROSE}`,
            })),
          ),
        },
        chart_hints: [
          chartOfSeries(
            "bar",
            "Matches by asset",
            ["ETH", "XBT", "USDT"],
            [{ name: "matches", values: [1, 2, 1] }],
          ),
        ],
        workbook_rows: {
          appendix_definitions: [
            { term: "Match", definition: PROSE },
            { term: "Clear", definition: `No listed address equals the wallet. ${PROSE}` },
          ],
        },
      },
    ),
    { accept: ["A"] },
  );
}
