import type { Report } from "@svc/report-model";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FontRun, fontRuns, scratch } from "../test-support/pdf-readback.js";
import { eddMemoReport, reportWith } from "../test-support/sample-reports.js";
import { renderPdf } from "./render-pdf.js";
import { monoSpan } from "./whole-tokens.js";

// Addresses and hashes are set in the monospace face wherever they are printed: table cells,
// field/value tables, the summary's prose and the title area. Read back with `pdftohtml -xml`,
// which names the font of every run of text.

const files = scratch("monospace-values-");
afterAll(files.remove);

const SHA = "36c517bd264d8d97eff353eadd8d84427d5eb293505a8ce07271a5bc258c3117";
const EVM = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const BTC = "bc1q4rzdtlt0uslyw86cp29sctl6ct29g9a95cuup7pn5md9ddj7xgmqpp5m73";
/** A fingerprint grouped for reading aloud, as documents print one: 16 groups of four. */
const GROUPED = (SHA.match(/.{4}/g) ?? []).join(" ");

/** The fonts of the runs printing `value` (a run holds it whole, or is it). */
const fontsOf = (runs: readonly FontRun[], value: string): string[] =>
  runs.filter((r) => r.text.includes(value)).map((r) => r.font);

describe("monoSpan", () => {
  it("finds addresses and digests, whole or cut short, inside their punctuation", () => {
    expect(monoSpan(`(${EVM};`)).toEqual(["(", EVM, ";"]);
    expect(monoSpan(`${SHA}.`)).toEqual(["", SHA, "."]);
    expect(monoSpan("36c517bd264d8d97…)")).toEqual(["", "36c517bd264d8d97…", ")"]);
    expect(monoSpan("36c517bd…3117),")).toEqual(["", "36c517bd…3117", "),"]);
    expect(monoSpan("2025-11-19;")).toBeNull();
    expect(monoSpan("onboarding,")).toBeNull();
    expect(monoSpan("202611280622…")).toBeNull(); // digits only: not a digest
    // A grouped fingerprint is one word once its groups are joined (cleanText), and monospace.
    const joined = GROUPED.replaceAll(" ", "\u202f");
    expect(monoSpan(`${joined}.`)).toEqual(["", joined, "."]);
  });
});

describe("renderPdf: addresses and hashes in the monospace face", () => {
  let memo: FontRun[];
  let fields: FontRun[];

  beforeAll(async () => {
    memo = fontRuns(files.save("memo.pdf", (await renderPdf(eddMemoReport(20))).bytes));
    const report: Report = reportWith({
      meta: {
        title: "Wallet screening",
        subtitle: `Wallet ${BTC}`,
        reportType: "ofac-wallet-screening",
        author: null,
        date: "2026-11-22",
        version: null,
        listWarning: `The list edition (SHA-256 ${SHA.slice(0, 16)}…) is 12 days old.`,
      },
      summary: [
        `${EVM} has no exact match; list SHA-256 ${SHA}.`,
        `Screening results verified against attestation ${GROUPED}.`,
      ],
      tables: [
        {
          key: "query",
          title: "Query",
          columns: ["field", "value"],
          rows: [
            ["Address", EVM],
            ["Dataset SHA-256", SHA],
            ["Note", `Screened as ${BTC} (bech32)`],
          ],
        },
      ],
    });
    fields = fontRuns(files.save("fields.pdf", (await renderPdf(report)).bytes));
  });

  it("sets the summary's digest, cut short, and its addresses in the monospace face", () => {
    expect(fontsOf(memo, "36c517bd…3117")).toEqual(["DejaVuSansMono"]);
    // The prose around them stays in the text face.
    expect(fontsOf(memo, "wallets match OFAC SDN")[0]).toMatch(/^DejaVuSans(-Bold)?$/);
  });

  it("sets every address of the results table in the monospace face", () => {
    const rows = eddMemoReport(20).tables[1]?.rows ?? [];
    for (const row of rows) {
      expect(fontsOf(memo, row[1] as string), row[1] as string).toContain("DejaVuSansMono");
    }
  });

  it("sets a field/value table's address and hash in the monospace face", () => {
    expect(fontsOf(fields, EVM).every((f) => f === "DejaVuSansMono")).toBe(true);
    expect(fontsOf(fields, EVM).length).toBeGreaterThanOrEqual(2); // summary and table
    expect(fontsOf(fields, SHA).every((f) => f === "DejaVuSansMono")).toBe(true);
    expect(fontsOf(fields, SHA).length).toBeGreaterThanOrEqual(2);
  });

  it("sets an address inside a cell's prose in the monospace face, the prose in the text face", () => {
    const runs = fields.filter((r) => r.text.includes("Screened as") || r.text.includes(BTC));
    // Subtitle, then the cell: "Screened as " and "(bech32)" around the monospace address.
    expect(fontsOf(fields, BTC)).toEqual(["DejaVuSansMono", "DejaVuSansMono"]);
    expect(runs.find((r) => r.text.includes("Screened as"))?.font).toBe("DejaVuSans");
  });

  it("sets a grouped fingerprint in prose in the monospace face, whole on one line", () => {
    const head = GROUPED.slice(0, 9); // its first two groups
    const runs = fields.filter((r) => r.text.replace(/\s/g, " ").includes(head));
    expect(runs.map((r) => r.font)).toEqual(["DejaVuSansMono"]);
    // All sixteen groups in that one run: never broken across lines.
    expect(runs[0]?.text.replace(/\s/g, " ")).toContain(GROUPED);
    expect(fields.find((r) => r.text.includes("verified against attestation"))?.font).toBe(
      "DejaVuSans",
    );
  });

  it("sets the title area's address and digest in the monospace face", () => {
    expect(fontsOf(fields, BTC)[0]).toBe("DejaVuSansMono");
    expect(fontsOf(fields, `${SHA.slice(0, 16)}…`)).toEqual(["DejaVuSansMono"]);
  });
});
