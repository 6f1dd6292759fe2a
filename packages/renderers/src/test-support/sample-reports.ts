import type { Report, ReportTable, Scalar } from "@svc/report-model";

/** Real SDN names (edition 2025-11-19) in Latin, Cyrillic, Arabic, CJK and Hangul scripts. */
export const NON_LATIN_NAMES = [
  "КАРАСАВИДИ Дмитрий",
  "Гамбашидзе Илья Андреевич",
  "خطیبی عقدا احمد",
  "颜 晓兵",
  "王 明明",
  "김 상만",
] as const;

const LISTED = [
  ["0x098B716B8Aaf21512996dC57EB0615e2383E2f96", "ETH", "Lazarus Group"],
  ["1LrxsRd7zNuxPJcL5rttnoeJFy1y4AffYY", "XBT", "SUEX OTC, S.R.O."],
  ["TUCsTq7TofTCJRRoHk6RvhMoS2mJLm5Yzq", "XBT", "Wang Mingming (王 明明)"],
  ["0xb6f5ec1a0a9cd1526536d3f0426c429529471f40", "USDT", "Kim Sang Man (김 상만)"],
] as const;

function table(key: string, columns: string[], rows: Scalar[][]): ReportTable {
  const title = key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
  return { key, title, columns, rows };
}

/** A report with nothing in it but what `partial` gives (title "Test report"). */
export function reportWith(partial: Partial<Report> = {}): Report {
  return {
    variant: "A",
    meta: {
      title: "Test report",
      subtitle: null,
      reportType: null,
      author: null,
      date: null,
      version: null,
    },
    summary: [],
    metrics: [],
    sections: [],
    tables: [],
    charts: [],
    workbook: [],
    degradations: [],
    ...partial,
  };
}

/** Screening rows: every 7th address matches; names cycle through non-Latin scripts. */
export function screeningRows(count: number): Scalar[][] {
  return Array.from({ length: count }, (_, i) => {
    const listed = i % 7 === 0 ? LISTED[(i / 7) % LISTED.length] : undefined;
    const name = NON_LATIN_NAMES[i % NON_LATIN_NAMES.length] as string;
    return [
      i + 1,
      listed?.[0] ?? `0x${(i * 2654435761).toString(16).padStart(40, "0").slice(-40)}`,
      listed?.[1] ?? "ETH",
      listed === undefined ? "clear" : "match",
      listed === undefined ? name : listed[2],
      Math.round(((i * 7919) % 100_000) * 100) / 100,
    ];
  });
}

/** An EDD-style memo: title block, summary, metric cards, tables, two charts, a workbook sheet. */
export function eddMemoReport(rows = 100): Report {
  const results = screeningRows(rows);
  const matches = results.filter((r) => r[3] === "match").length;
  return {
    variant: "A",
    meta: {
      title: "Enhanced Due Diligence Memo - Карасавиди / 颜 晓兵",
      subtitle: "OFAC SDN digital-currency-address screening",
      reportType: "enhanced-due-diligence",
      author: "Compliance Desk",
      date: "2026-11-22",
      version: "1.0",
    },
    summary: [
      `${matches} of ${rows} wallets match OFAC SDN digital-currency addresses exactly; manual review is required before any movement of funds.`,
      "Screening used the SDN Advanced XML edition of 2025-11-19 (SHA-256 36c517bd…3117), exact match on canonical addresses.",
    ],
    metrics: [
      { label: "Workflow status", value: "manual_review_required", unit: null },
      { label: "Total screened", value: rows, unit: "wallets" },
      { label: "Match count", value: matches, unit: null },
      { label: "Manual review required", value: true, unit: null },
    ],
    sections: [],
    tables: [
      table(
        "case_metadata",
        ["field", "value"],
        [
          ["Subject", "Карасавиди Дмитрий"],
          ["Case", "EDD-2026-0042"],
          ["Jurisdiction", "US"],
          ["Requested by", "خطیبی عقدا احمد"],
        ],
      ),
      table(
        "screening_results",
        ["#", "address", "asset", "status", "entity", "exposure_usd"],
        results,
      ),
      table(
        "required_follow_up",
        ["step"],
        [
          ["Escalate to a human reviewer before onboarding, payout or any movement of funds."],
          ["File a blocked-property report with OFAC within 10 business days of a true match."],
        ],
      ),
    ],
    charts: [
      {
        type: "bar",
        title: "Screening outcome by asset",
        labels: ["ETH", "XBT", "USDT"],
        series: [
          { name: "match", values: [8, 5, 2] },
          { name: "clear", values: [60, 20, 5] },
        ],
        xLabel: "asset",
        yLabel: "wallets",
        source: "chart_hints[0]",
      },
      {
        type: "line",
        title: "Expected hits by horizon (days)",
        labels: ["30", "60", "90", "180", "365"],
        series: [
          { name: "p50", values: [0.4, 0.8, 1.1, 2.3, 4.2] },
          { name: "p90", values: [1, 2, 3, 5, 8] },
        ],
        xLabel: "days",
        yLabel: "hits",
        source: "chart_hints[1]",
      },
    ],
    workbook: [
      table(
        "screening_export",
        ["address", "status"],
        results.map((r) => [r[1] ?? null, r[3] ?? null]),
      ),
    ],
    degradations: [],
  };
}

/** One big table: `rows` × `columns` (numbers, strings, non-Latin names). */
export function tableReport(rows: number, columns = 5): Report {
  const cols = Array.from({ length: columns }, (_, c) =>
    c === 0 ? "#" : c === 1 ? "entity" : `value_${c}`,
  );
  return reportWith({
    meta: {
      title: `Table report ${rows} rows`,
      subtitle: null,
      reportType: "table",
      author: null,
      date: null,
      version: null,
    },
    tables: [
      table(
        "rows",
        cols,
        Array.from({ length: rows }, (_, r) =>
          cols.map((_, c) =>
            c === 0
              ? r + 1
              : c === 1
                ? (NON_LATIN_NAMES[r % NON_LATIN_NAMES.length] as string)
                : (r * 31 + c * 17) % 10_000,
          ),
        ),
      ),
    ],
  });
}

/** `sheets` workbook tables of `rows` × 5, each different (a workbook repeats no table). */
export function workbookReport(sheets: number, rows: number): Report {
  const base = tableReport(rows);
  const t = base.tables[0] as ReportTable;
  return {
    ...base,
    meta: { ...base.meta, title: `Workbook ${sheets} × ${rows}` },
    tables: Array.from({ length: sheets }, (_, i) => ({
      ...t,
      key: `sheet_${i + 1}`,
      title: `Sheet ${i + 1}`,
      rows: t.rows.map((row) => row.map((v, c) => (c >= 2 && typeof v === "number" ? v + i : v))),
    })),
  };
}

/** `report` as built on the embedded sample edition of the list (`meta.sampleEdition`). */
export function onSampleEdition(report: Report): Report {
  return { ...report, meta: { ...report.meta, sampleEdition: true } };
}

/** A stale-list warning as the service words it. */
export const STALE_WARNING =
  "STALE LIST: edition of 2025-11-19, not confirmed current for 73 hours (limit 48 h); recent designations may be missing.";

/** `report` built on a list that was stale (`meta.listWarning`). */
export function onStaleList(report: Report, warning = STALE_WARNING): Report {
  return { ...report, meta: { ...report.meta, listWarning: warning } };
}
