import { attestationClaims, generateSigningKey, signAttestation } from "@svc/attestations";
import { parseReport, type Report } from "@svc/report-model";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run, scratch } from "../test-support/pdf-readback.js";
import { eddMemoReport } from "../test-support/sample-reports.js";
import { appendixHeading } from "./layout.js";
import { renderPdf } from "./render-pdf.js";

// Appendices are lettered: each workbook sheet is "Appendix A — <its title>", "Appendix B — …",
// and the attestation's evidence, when there are appendices before it, the next letter.

const files = scratch("appendices-");
afterAll(files.remove);

const text = (path: string) => run("pdftotext", ["-layout", "-enc", "UTF-8", path, "-"]);

async function signedJws(): Promise<string> {
  const key = await generateSigningKey();
  return signAttestation(
    attestationClaims({
      baseUrl: "https://screening.example.com",
      issuedAt: new Date("2026-11-23T09:00:00Z"),
      screening: {
        query: { address: "0xabc", normalizedAddress: "0xabc", asset: null },
        summary: { status: "clear" },
        matches: [],
        sourceFreshness: {
          datasetSha256: "36c517bd264d8d97eff353eadd8d84427d5eb293505a8ce07271a5bc258c3117",
          datasetDate: "2025-11-19",
          sourceUrl: "https://sanctionslistservice.ofac.treas.gov/",
          sample: false,
        },
      } as never,
      payment: { transactionHash: `0x${"ab".repeat(32)}` },
    }),
    key,
  );
}

describe("appendixHeading", () => {
  it("letters appendices A to Z, then AA, AB…", () => {
    expect(appendixHeading(0, "Screening export")).toBe("Appendix A — Screening export");
    expect(appendixHeading(1, "Sheet 2")).toBe("Appendix B — Sheet 2");
    expect(appendixHeading(25, "x")).toBe("Appendix Z — x");
    expect(appendixHeading(26, "x")).toBe("Appendix AA — x");
    expect(appendixHeading(2, "")).toBe("Appendix C");
  });
});

describe("renderPdf: lettered appendices", () => {
  let sheets: string;
  let withEvidence: string;
  let evidenceOnly: string;

  beforeAll(async () => {
    const memo = eddMemoReport(100);
    const export_ = memo.workbook[0] as Report["workbook"][number];
    const three: Report = {
      ...memo,
      workbook: [
        export_,
        { ...export_, key: "matches", title: "Matches only", rows: export_.rows.slice(0, 15) },
        { ...export_, key: "clear", title: "Clear wallets", rows: export_.rows.slice(15, 20) },
      ],
    };
    sheets = files.save("sheets.pdf", (await renderPdf(three)).bytes);
    const jws = await signedJws();
    const signed = parseReport({
      report_meta: { title: "Wallet screening", report_type: "ofac-wallet-screening" },
      executive_summary: ["0xabc has no exact match."],
      tables: {
        query: { columns: ["field", "value"], rows: [{ field: "Address", value: "0xabc" }] },
      },
      export_artifacts: {
        workbook_rows: {
          export: [{ address: "0xabc", status: "clear" }],
        },
      },
      attestation: jws,
    });
    withEvidence = files.save("evidence.pdf", (await renderPdf(signed)).bytes);
    evidenceOnly = files.save(
      "evidence-only.pdf",
      (await renderPdf({ ...signed, workbook: [] })).bytes,
    );
  });

  it("heads each workbook sheet with its letter and title, in order, and no bare 'Appendix'", () => {
    const t = text(sheets);
    const a = t.search(/^Appendix A — Screening export$/m);
    const b = t.search(/^Appendix B — Matches only$/m);
    const c = t.search(/^Appendix C — Clear wallets$/m);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(a);
    expect(c).toBeGreaterThan(b);
    expect(t).not.toMatch(/^Appendix$/m);
  });

  it("names the appendix on the pages it continues onto", () => {
    expect(text(sheets)).toMatch(/^Appendix A — Screening export \(continued\)$/m);
  });

  it("letters the attestation's evidence after the sheets, and leaves it unlettered alone", () => {
    const t = text(withEvidence);
    expect(t).toMatch(/^Appendix A — Export$/m);
    expect(t).toMatch(/^Appendix B — Screening attestation$/m);
    const alone = text(evidenceOnly);
    expect(alone).toMatch(/^Screening attestation$/m);
    expect(alone).not.toMatch(/Appendix/);
  });
});
