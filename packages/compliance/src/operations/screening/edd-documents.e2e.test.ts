import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { docxHeadings, docxParagraphs, pdfText } from "../../test-support/documents.js";
import { sampleDeps } from "../../test-support/sample-deps.js";
import { type EddDocumentAnswer, EddReportInputSchema, eddReport } from "./edd-report.js";
import { CLEAR_ETH, LAZARUS_ETH } from "./sample-addresses.js";

/**
 * The memo files, read back as a reviewer would: the text of the PDF (pdftotext) and the
 * paragraphs and headings of the DOCX. They must read as a memo: title, subject, outcome,
 * the memo's parts in order, the follow-up and the sign-off block.
 */

let deps: ComplianceDeps;
beforeAll(async () => {
  deps = await sampleDeps();
});

const body = (output_format: "pdf" | "docx", addresses = [LAZARUS_ETH, CLEAR_ETH]) => ({
  subject_name: "Northwind OTC Ltd",
  case_name: "EDD - Northwind OTC onboarding",
  review_reason: "Onboarding of a new OTC counterparty",
  requested_by: "Compliance Operations",
  reference_id: "CASE-2026-0142",
  addresses,
  output_format,
});

const render = async (input: object) =>
  (await eddReport.run(v.parse(EddReportInputSchema, input), deps)) as EddDocumentAnswer;

/** The memo's parts, in the order a reader meets them. */
const PARTS = [
  "Executive summary",
  "Headline metrics",
  "Case metadata",
  "Scope and method",
  "Source freshness",
  "Screening results",
  "Matched designations",
  "Evidence",
  "Recommendation",
  "Required follow up",
  "Limitations",
  "Reviewer sign-off",
  "Appendix",
];

/** The parts not found after the one before them (an empty list: all there, in order). */
function outOfOrder(text: string, parts: readonly string[]): string[] {
  let at = 0;
  return parts.filter((part) => {
    const found = text.indexOf(part, at);
    if (found < 0) return true;
    at = found + part.length;
    return false;
  });
}

describe("the EDD memo as a PDF", () => {
  it("reads as a memo: subject, the matched entity, the status, every part in order", async () => {
    const answer = await render(body("pdf"));
    expect(answer.artifact_summary.degraded).toBe(false);
    const text = pdfText(answer.artifact.contentBase64);
    expect(text).toContain("EDD - Northwind OTC onboarding");
    expect(text).toContain("Subject: Northwind OTC Ltd");
    expect(text).toContain("Lazarus Group");
    expect(text).toContain("Workflow status: Manual review required");
    expect(text).toContain("CASE-2026-0142");
    expect(text).toContain("Escalate to a human sanctions reviewer");
    expect(text).toContain("within 10 business days");
    expect(text).toContain("Exact-match screening: a wallet is a match only when");
    expect(text).toMatch(/Page 1 of \d/);
    expect(outOfOrder(text, PARTS)).toEqual([]);
  });

  it("a clear memo says so and carries the no-match follow-up", async () => {
    const text = pdfText((await render(body("pdf", [CLEAR_ETH]))).artifact.contentBase64);
    expect(text).toContain("Workflow status: Screening complete no exact match");
    expect(text).toContain("Record and retain this memo");
    expect(text).not.toContain("Lazarus Group");
    // No wallet to decide: one overall disposition row, with the memo's options.
    expect(text).toContain("Every wallet screened");
    expect(text).toContain("No match: proceed under standard controls");
    expect(text).toContain("Escalated for further review");
  });
});

describe("the EDD memo as a DOCX", () => {
  it("has a title, headings for its parts, the tables and the summary", async () => {
    const answer = await render(body("docx"));
    expect(answer.artifact.type).toBe("docx");
    expect(answer.artifact_summary.degraded).toBe(false);
    const paragraphs = await docxParagraphs(answer.artifact.contentBase64);
    const text = paragraphs.join("\n");
    expect(text).toContain("Northwind OTC Ltd");
    expect(text).toContain("Lazarus Group");
    expect(text).toContain("Manual review required");
    expect(text).toContain("I have reviewed the screening results");
    const headings = await docxHeadings(answer.artifact.contentBase64);
    expect(headings[0]).toBe("Title: EDD - Northwind OTC onboarding");
    for (const part of ["Executive summary", "Headline metrics", "Case metadata", "Evidence"]) {
      expect(headings.some((h) => h.endsWith(`: ${part}`))).toBe(true);
    }
    expect(headings.some((h) => h.endsWith(": Reviewer sign-off"))).toBe(true);
    expect(headings.some((h) => h.endsWith(": Required follow up"))).toBe(true);
  });
});
