import { attestationFingerprint, groupedFingerprint, type Jwks } from "@svc/attestations";
import { CALLER_CONTENT_NOTICE } from "@svc/renderers";
import {
  formatTimestamp,
  PROVENANCE_REFUSAL,
  type ReportModelInput,
  SAMPLE_EDITION_BANNER,
} from "@svc/report-model";
import { forgedClearReport } from "@svc/test-support/forged-report";
import { officeMissingReason, officeToPdf } from "@svc/test-support/office";
import { pdfPages } from "@svc/test-support/pdf-text";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import type { Attest } from "./attestation/attest.js";
import type { ComplianceDeps } from "./catalog/deps.js";
import { execute } from "./execution/execute.js";
import { reportDocxGenerate } from "./operations/documents/report-docx-generate.js";
import { reportPdfGenerate } from "./operations/documents/report-pdf-generate.js";
import { reportXlsxGenerate } from "./operations/documents/report-xlsx-generate.js";
import { xlsxWorkbook } from "./operations/documents/test-support/read-workbook.js";
import { walletSanctionsReport } from "./operations/screening/wallet-sanctions-report.js";
import { LISTED, paidSigning, realEditionDeps } from "./test-support/document-set.mjs";
import { sampleDeps } from "./test-support/sample-deps.js";

/**
 * A paid wallet report of Lazarus Group's ETH address on OFAC's real 2025-11-19 edition, signed
 * as a paid call signs it, sent back to the document routes as a caller would: once as it is
 * (verified against its attestation), once edited to say "clear" with no matches and no review
 * (the forgery of issue 29). Each file is read back as a reviewer gets it: the PDF with
 * pdftotext page by page, the DOCX and XLSX printed by LibreOffice and read the same way, the
 * XLSX's sheets with exceljs.
 */

const NO_OFFICE = officeMissingReason();
if (NO_OFFICE !== undefined && process.env.CI === "true") {
  throw new Error(`CI must run the DOCX and XLSX read-back: ${NO_OFFICE}`);
}
const PRINT_TIMEOUT_MS = 180_000;

let jwks: Jwks;
let attest: Attest;
let deps: ComplianceDeps;
let paid: { report: ReportModelInput; attestation: string };

beforeAll(async () => {
  ({ attest, attestationKeys: jwks } = await paidSigning());
  deps = { ...(await realEditionDeps()), attestationKeys: jwks };
  const answer = await walletSanctionsReport.run(walletInput(LISTED.ETH_LAZARUS), deps, {
    attest,
  });
  if (answer.attestation === undefined) throw new Error("the paid report carries no attestation");
  paid = { report: answer.report, attestation: answer.attestation };
}, PRINT_TIMEOUT_MS);

const ROUTES = { pdf: reportPdfGenerate, docx: reportDocxGenerate, xlsx: reportXlsxGenerate };
type Format = keyof typeof ROUTES;

/** The document a route makes of `report`, as its answer carries it (base64). */
async function rendered(format: Format, report: ReportModelInput, on = deps): Promise<string> {
  const route = ROUTES[format];
  const answer = await route.run(v.parse(route.input, report) as never, on);
  return answer.data.artifact.contentBase64;
}

/** Each printed page's text, whitespace collapsed: the PDF itself, or LibreOffice's print. */
async function printedPages(format: Format, base64: string): Promise<string[]> {
  const pdf =
    format === "pdf"
      ? Buffer.from(base64, "base64")
      : await officeToPdf({ bytes: Buffer.from(base64, "base64"), kind: format });
  return pdfPages(pdf).map((page) => page.replace(/\s+/g, " "));
}

/** The wallet report's input, as a caller posts it. */
const walletInput = (address: string | undefined) =>
  v.parse(walletSanctionsReport.input, { address });

/** The paid report edited to say "clear": 0 matches, no review, the match table emptied. */
const forged = (report: ReportModelInput): ReportModelInput =>
  forgedClearReport(report, LISTED.ETH_LAZARUS as string);

const FORMATS: Format[] = ["pdf", "docx", "xlsx"];
const skipOffice = (format: Format) => format !== "pdf" && NO_OFFICE !== undefined;

describe("a paid Lazarus Group wallet report edited to say 'clear'", () => {
  for (const format of FORMATS) {
    it.skipIf(skipOffice(format))(
      `${format}: the caller-content notice on every page, no "Prepared by", and the mismatch named on page 1`,
      async () => {
        const pages = await printedPages(format, await rendered(format, forged(paid.report)));
        const grouped = groupedFingerprint(attestationFingerprint(paid.attestation));
        for (const [i, page] of pages.entries()) {
          expect(page, `page ${i + 1}`).toContain(CALLER_CONTENT_NOTICE);
        }
        expect(pages.join(" ")).not.toMatch(/prepared by/i);
        const first = pages[0] ?? "";
        expect(first).toContain(`The attached attestation ${grouped} does not match these results`);
        expect(first).toContain(
          `${LISTED.ETH_LAZARUS}: the report says clear, the attestation says match`,
        );
        expect(first).toContain("SDN entry 27307: attested, not in the report");
      },
      PRINT_TIMEOUT_MS,
    );
  }

  it("xlsx: the notice in the print header of every sheet and the mismatch on the Summary (exceljs)", async () => {
    const workbook = (await xlsxWorkbook(await rendered("xlsx", forged(paid.report)))) as Awaited<
      ReturnType<typeof xlsxWorkbook>
    > & { worksheets: { state?: string; headerFooter: { oddHeader?: string } | null }[] };
    // Every sheet that prints (the JWS travels on a very hidden sheet, never printed).
    const printed = workbook.worksheets.filter((sheet) => sheet.state !== "veryHidden");
    expect(printed.length).toBeGreaterThan(0);
    for (const sheet of printed) {
      expect(sheet.headerFooter?.oddHeader).toContain(CALLER_CONTENT_NOTICE);
    }
    const summary = workbook.worksheets[0];
    const cells = Array.from({ length: summary?.rowCount ?? 0 }, (_, r) =>
      (summary?.getRow(r + 1).values ?? []).map(String).join(" "),
    ).join("\n");
    expect(cells).toContain("does not match these results");
    expect(cells).not.toMatch(/prepared by/i);
  });
});

describe("the same paid report, unedited", () => {
  for (const format of FORMATS) {
    it.skipIf(skipOffice(format))(
      `${format}: says it was verified against the attestation's fingerprint, and when it was screened`,
      async () => {
        const pages = await printedPages(format, await rendered(format, paid.report));
        const grouped = groupedFingerprint(attestationFingerprint(paid.attestation));
        const issuedAt = JSON.parse(
          Buffer.from(paid.attestation.split(".")[1] ?? "", "base64url").toString(),
        ).issuedAt;
        expect(pages[0]).toContain(`Screening results verified against attestation ${grouped}`);
        expect(pages[0]).toContain(
          `Screened ${formatTimestamp(issuedAt)} · OFAC SDN list edition of 2025-11-19 (published 2025-11-19`,
        );
        expect(pages.join(" ")).not.toContain(CALLER_CONTENT_NOTICE);
        if (format !== "xlsx") {
          // A PDF's footer and a DOCX's header repeat it on every page.
          for (const page of pages) expect(page).toContain(grouped);
        }
      },
      PRINT_TIMEOUT_MS,
    );
  }
});

describe("a caller's report without an attestation", () => {
  it("pdf: the notice on every page, and no screening instant the service did not verify", async () => {
    const { attestation: _attestation, ...bare } = paid.report;
    const pages = await printedPages("pdf", await rendered("pdf", bare));
    for (const page of pages) expect(page).toContain(CALLER_CONTENT_NOTICE);
    expect(pages.join(" ")).not.toMatch(/Screened \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC ·/);
  });

  it("is refused when it claims a provenance: report_meta.provenance is the service's to set", async () => {
    const claimed = {
      ...paid.report,
      report_meta: { ...paid.report.report_meta, provenance: { kind: "verified" } },
    };
    const answer = await execute(reportPdfGenerate, claimed, deps);
    expect(answer.ok).toBe(false);
    expect(JSON.stringify(answer)).toContain(PROVENANCE_REFUSAL);
    expect(JSON.stringify(answer)).toContain("report_meta.provenance");
  });
});

describe("a paid report on the sample edition with its banner removed", () => {
  it(
    "pdf and docx: the banner comes back on every page, from the attestation",
    async () => {
      const onSample = { ...(await sampleDeps()), attestationKeys: jwks };
      const answer = await walletSanctionsReport.run(walletInput(LISTED.ETH_LAZARUS), onSample, {
        attest,
      });
      expect(answer.report.report_meta.sample_edition).toBe(true);
      const { sample_edition: _dropped, ...meta } = answer.report.report_meta;
      const stripped = { ...answer.report, report_meta: meta };
      for (const format of ["pdf", "docx"] as const) {
        if (skipOffice(format)) continue;
        const pages = await printedPages(format, await rendered(format, stripped, onSample));
        for (const [i, page] of pages.entries()) {
          expect(page, `${format} page ${i + 1}`).toContain(SAMPLE_EDITION_BANNER);
        }
      }
    },
    PRINT_TIMEOUT_MS,
  );
});
