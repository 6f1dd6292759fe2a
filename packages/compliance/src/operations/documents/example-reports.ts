import type { LegacyReport, ReportModel } from "@svc/report-model";

/**
 * Input examples of the document routes: what a desk actually sends. The shared model is the
 * batch screening report as the service's own workflows produce it (the title, `report_type`
 * and tables of the deployed service), so the example doubles as a round trip.
 */
export const EXAMPLE_REPORT_MODEL: ReportModel = {
  report_meta: {
    report_type: "ofac-wallet-screening-batch",
    title: "OFAC Batch Wallet Screening Report",
    author: "Compliance desk",
    date: "2026-01-15",
  },
  executive_summary: [
    "1 of 3 wallets matches an OFAC SDN digital-currency address exactly: 0x098B716B8Aaf21512996dC57EB0615e2383E2f96 (Lazarus Group, program DPRK3). Escalate to a human reviewer before any movement of funds.",
    "Exact-match screening is a manual-review signal, not a legal determination.",
  ],
  headline_metrics: [
    { label: "Total screened", value: 3, unit: "wallets" },
    { label: "Match count", value: 1 },
    { label: "Manual review required", value: true },
  ],
  tables: {
    batch_wallet_results: {
      columns: ["address", "status", "entityName", "programs", "listedOn"],
      rows: [
        {
          address: "0x098B716B8Aaf21512996dC57EB0615e2383E2f96",
          status: "match",
          entityName: "Lazarus Group",
          programs: "DPRK3",
          listedOn: "2019-09-13",
        },
        { address: "0x1111111111111111111111111111111111111111", status: "clear" },
        { address: "bc1qzy4mau0pt3dqk6u3sz7p3nx6wqy6u9l0wc7mq0", status: "clear" },
      ],
    },
    source_freshness: {
      columns: ["field", "value"],
      rows: [
        [
          "sourceUrl",
          "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN_ADVANCED.XML",
        ],
        ["datasetPublishedAt", "2025-11-19T00:00:00Z"],
      ],
    },
  },
  chart_hints: [
    { type: "bar", title: "Screening outcome", labels: ["match", "clear"], values: [1, 2] },
  ],
};

/** The legacy payload (variant B) that the PDF routes still take. */
export const EXAMPLE_LEGACY_REPORT: LegacyReport = {
  title: "Counterparty wallet review: Northwind OTC Ltd",
  subtitle: "Quarterly review, Q1 2026",
  summary:
    "Two wallets of the counterparty were screened against the OFAC SDN list; neither is an exact match.",
  sections: [
    {
      heading: "Findings",
      bullets: [
        "No exact match on the SDN list edition of 2025-11-19.",
        "Rescreen when the wallets or the list change.",
      ],
    },
    {
      heading: "Wallets reviewed",
      table: [
        { address: "0x1111111111111111111111111111111111111111", status: "clear" },
        { address: "bc1qzy4mau0pt3dqk6u3sz7p3nx6wqy6u9l0wc7mq0", status: "clear" },
      ],
    },
  ],
};
