#!/usr/bin/env node
// Renders the sample reports to PDF with the built renderer and turns page 1 of each into a PNG
// (pdftoppm, from poppler-utils), so a person can look at them.
//
//   npm run build && node scripts/pdf-preview.mjs [outDir]     (default: preview/)
//
// Prints the path of every PDF and PNG it writes, plus page count, size and render time.

import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { renderPdf } from "../dist/pdf/render-pdf.js";
import {
  eddMemoReport,
  NON_LATIN_NAMES,
  tableReport,
  workbookReport,
} from "../dist/test-support/sample-reports.js";

const outDir = resolve(process.argv[2] ?? "preview");
mkdirSync(outDir, { recursive: true });

/** Legacy-payload shape (variant B): sections with paragraphs, bullets and a table; edge cases. */
function legacyMemoReport() {
  const monero =
    "4AdUndXHHZ6cfufTMvppY6JwXNouMBzSkbLYfpAV5Usx3skxNgYeYTRj5UzqtReoS44qo9mtmXCqY45DJ852K5Jv2684Rge";
  return {
    variant: "B",
    meta: {
      title: "Legacy screening memo: wallet cluster review",
      subtitle: "Sections, bullets, a wide table and characters no font covers",
      reportType: "ofac-wallet-screening",
      author: "Analyst 7",
      date: "2026-11-20",
      version: "2",
    },
    summary: [
      "One Monero address in the cluster is a long 95-character address; it wraps inside its cell and is never truncated. A counterparty note carries an emoji 🦄 that no embedded font can draw.",
    ],
    metrics: [
      { label: "Addresses reviewed", value: 12, unit: "addresses" },
      { label: "Largest exposure", value: 1234567.891, unit: "USD" },
      { label: "Escalated", value: false, unit: null },
    ],
    sections: [
      {
        heading: "Findings",
        paragraphs: [
          `Names on the list appear in their own scripts: ${NON_LATIN_NAMES.join(", ")}.`,
          "The review covered every address the customer declared and the addresses they transacted with in the last 90 days.",
        ],
        bullets: [
          "No exact match against the SDN digital-currency address list.",
          "Two addresses share a deposit cluster with a listed exchange; see the table below.",
          `Monero address under review: ${monero}`,
        ],
        table: {
          key: "cluster",
          title: "Cluster",
          columns: ["address", "asset", "first_seen", "last_seen", "hops", "exposure_usd", "note"],
          rows: [
            [monero, "XMR", "2025-01-03", "2026-10-30", 2, 1234567.891, "counterparty 🦄 desk"],
            [
              "0x098B716B8Aaf21512996dC57EB0615e2383E2f96",
              "ETH",
              "2024-05-10",
              "2026-11-01",
              1,
              950.5,
              null,
            ],
            [
              "bc1qzy4mau0pt3dqk6u3sz7p3nx6wqy6u9l0wc7mq0",
              "XBT",
              "2023-12-24",
              "2026-09-14",
              3,
              0,
              "王 明明",
            ],
          ],
        },
      },
      {
        heading: "Empty table",
        paragraphs: ["A table with no rows still shows its header."],
        bullets: [],
        table: { key: "none", title: "Nothing found", columns: ["address", "status"], rows: [] },
      },
    ],
    tables: [],
    charts: [],
    workbook: [],
    degradations: [],
  };
}

const samples = [
  ["edd-memo-100", eddMemoReport(100)],
  ["table-1000", tableReport(1000)],
  ["workbook-3x40", workbookReport(3, 40)],
  ["legacy-memo", legacyMemoReport()],
];

for (const [name, report] of samples) {
  const started = performance.now();
  const doc = await renderPdf(report);
  const ms = performance.now() - started;
  const pdf = join(outDir, `${name}.pdf`);
  writeFileSync(pdf, doc.bytes);
  const prefix = join(outDir, `${name}-page1`);
  execFileSync("pdftoppm", ["-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile", pdf, prefix]);
  const pages = /Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [pdf], { encoding: "utf8" }))?.[1];
  console.log(
    `${pdf}  (${pages} pages, ${(doc.bytes.length / 1024).toFixed(0)} KB, ${ms.toFixed(0)} ms${
      doc.artifactSummary.degraded ? `, degraded: ${doc.artifactSummary.degradationReason}` : ""
    })`,
  );
  console.log(`${prefix}.png`);
}
