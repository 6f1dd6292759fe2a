import { parseReport } from "@svc/report-model";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { inputIssues } from "../../test-support/input-issues.js";
import { sampleDeps } from "../../test-support/sample-deps.js";
import {
  type EddArtifactOnlyAnswer,
  type EddDocumentAnswer,
  type EddJsonAnswer,
  EddReportInputSchema,
  eddReport,
} from "./edd-report.js";
import { CLEAR_ETH, LAZARUS_ETH } from "./sample-addresses.js";
import { SCREENING_NOTE, SCREENING_SOURCE } from "./screening-constants.js";

let deps: ComplianceDeps;
beforeAll(async () => {
  deps = await sampleDeps();
});

const CASE = {
  subject_name: "Northwind OTC Ltd",
  case_name: "EDD - Northwind OTC onboarding",
  review_reason: "Onboarding of a new OTC counterparty",
  jurisdiction: "United States",
  requested_by: "Compliance Operations",
  reference_id: "CASE-2026-0142",
};

const run = (input: unknown) => eddReport.run(v.parse(EddReportInputSchema, input), deps);
const json = async (input: object) =>
  (await run({ ...input, output_format: "json" })) as EddJsonAnswer;

describe("POST /api/workflows/compliance/edd-report: the JSON memo", () => {
  it("carries the case, the status, evidence, follow-up, the screening and the note", async () => {
    const answer = await json({ ...CASE, addresses: [LAZARUS_ETH, CLEAR_ETH] });
    expect(answer.success).toBe(true);
    expect(answer.source).toBe(SCREENING_SOURCE);
    const { data } = answer;
    expect(data.case).toEqual({
      subjectName: "Northwind OTC Ltd",
      caseName: "EDD - Northwind OTC onboarding",
      reviewReason: "Onboarding of a new OTC counterparty",
      jurisdiction: "United States",
      requestedBy: "Compliance Operations",
      referenceId: "CASE-2026-0142",
      addresses: [LAZARUS_ETH, CLEAR_ETH],
      asset: null,
      outputFormat: "json",
    });
    expect(data.workflowStatus).toBe("manual_review_required");
    expect(data.screening).toEqual(deps.list.screenMany([LAZARUS_ETH, CLEAR_ETH]));
    expect(data.screening.sourceFreshness.sample).toBe(true);
    expect(data.note).toBe(SCREENING_NOTE);
    expect(data.scopeAndMethod).toMatchObject({
      sourceFormat: "SDN Advanced XML",
      editionDate: "2025-11-19",
      datasetSha256: data.screening.sourceFreshness.datasetSha256,
      assetFilter: null,
      walletsSubmitted: 2,
      distinctWallets: 2,
      sampleEdition: true,
    });
    expect(data.reviewerSignOff.status).toBe("pending");
  });

  it("evidence names the matched entity with programs and listing date, the coverage and the edition", async () => {
    const { data } = await json({ ...CASE, addresses: [LAZARUS_ETH, CLEAR_ETH] });
    const evidence = data.evidenceSummary.join("\n");
    expect(data.evidenceSummary[0]).toMatch(/^1 of 2 submitted wallets match/);
    expect(evidence).toMatch(/Lazarus Group \(Entity; SDN List; programs DPRK3; listed 2019-09-13/);
    expect(evidence).toContain(`#1 ${LAZARUS_ETH} (ETH)`);
    expect(evidence).toContain("81 distinct digital-currency addresses");
    expect(evidence).toContain("ARB, BCH, BNB");
    expect(evidence).toContain("OFAC issued the screened edition on 2025-11-19");
    expect(evidence).toContain("EMBEDDED SAMPLE EDITION");
  });

  it("follow-up on a match: escalate before funds move, document the relationship, report and retain", async () => {
    const { data } = await json({ ...CASE, addresses: [LAZARUS_ETH] });
    const steps = data.requiredFollowUp.join("\n");
    expect(steps).toMatch(
      /Escalate to a human sanctions reviewer before onboarding Northwind OTC Ltd, before any payout and before any movement of funds/,
    );
    expect(steps).toMatch(
      /purpose of the relationship .* expected activity .* beneficial ownership/,
    );
    expect(steps).toMatch(
      /report of blocked property is due to OFAC within 10 business days .*501\.603/,
    );
    expect(steps).toMatch(/recordkeeping rule \(31 CFR 501\.601\) requires .* 10 years/);
    expect(steps).toContain("Jurisdiction recorded: United States");
    expect(data.recommendation).toMatch(/^Do not proceed yet/);
  });

  it("follow-up without a match: record the memo and freshness evidence, rescreen on change", async () => {
    const { data, report } = await json({ subject_name: "Clear Co", addresses: [CLEAR_ETH] });
    expect(data.workflowStatus).toBe("screening_complete_no_exact_match");
    expect(data.evidenceSummary[0]).toBe(
      "The submitted wallet does not match an OFAC SDN digital-currency address exactly.",
    );
    expect(data.evidenceSummary.join("\n")).toContain("No SDN entity or individual");
    const steps = data.requiredFollowUp.join("\n");
    expect(steps).toMatch(
      /Record and retain this memo .* source-freshness evidence: edition 2025-11-19/,
    );
    expect(steps).toMatch(
      /Rescreen .* relationship context changes .* wallets are added.* new SDN edition/,
    );
    expect(steps).not.toMatch(/blocked property/);
    expect(data.recommendation).toMatch(/^No exact OFAC SDN address match/);
    expect(report.report_meta.title).toBe("Enhanced Due Diligence Memo - Clear Co");
    expect(data.case).toMatchObject({ caseName: null, referenceId: null, jurisdiction: null });
    expect(report.tables?.matched_designations?.rows).toEqual([]);
  });

  it("the report: title, type, headline metrics and memo tables, without degradations", async () => {
    const { data, report, artifacts } = await json({
      ...CASE,
      addresses: [LAZARUS_ETH, CLEAR_ETH],
    });
    expect(report.report_meta).toMatchObject({
      report_type: "enhanced-due-diligence",
      title: "EDD - Northwind OTC onboarding",
    });
    expect(report.headline_metrics).toEqual([
      { label: "Workflow status", value: "manual_review_required", kind: "status" },
      { label: "Total screened", value: 2, kind: "count" },
      { label: "Match count", value: 1, kind: "count" },
      { label: "Near matches", value: 0, kind: "count" },
      { label: "Manual review required", value: true, kind: "boolean" },
    ]);
    const tables = Object.keys(report.tables ?? {});
    for (const name of [
      "case_metadata",
      "screening_results",
      "source_freshness",
      "required_follow_up",
      "limitations",
    ]) {
      expect(tables).toContain(name);
    }
    expect(tables.indexOf("case_metadata")).toBe(0);
    expect(tables.at(-1)).toBe("limitations");
    // The sign-off is the model's own member: a row for the matched wallet, none for the clear.
    expect(tables).not.toContain("reviewer_attestation");
    expect(report.sign_off?.dispositions).toEqual([
      {
        position: 1,
        address: LAZARUS_ETH,
        finding: "match",
        party: "Lazarus Group",
        options: ["Confirmed match", "False positive"],
      },
    ]);
    // The JSON answer's sign-off is the one the documents print.
    expect(data.reviewerSignOff.dispositions).toEqual(report.sign_off?.dispositions);
    expect(data.reviewerSignOff.statement).toBe(report.sign_off?.statement);
    expect(report.sign_off?.approvals).toEqual([
      { role: "Reviewer" },
      { role: "Second-level approval", note: "required for a match" },
    ]);
    expect(report.tables?.case_metadata?.rows).toContainEqual({
      field: "Review reason (trigger)",
      value: "Onboarding of a new OTC counterparty",
    });
    expect(Object.keys(report.export_artifacts?.workbook_rows ?? {})).toEqual([
      "appendix_designation_detail",
      "appendix_definitions",
    ]);
    expect(artifacts.recommended_local_path).toMatch(/^reports\/edd-northwind-otc-onboarding-/);
    expect(parseReport(report, { accept: ["A"] }).degradations).toEqual([]);
  });

  it("an asset the wallet is not listed under still counts as a match, stated in scope and evidence; a blank case name falls back to the subject", async () => {
    const { data, report } = await json({
      subject_name: "Northwind OTC Ltd",
      case_name: "  ",
      addresses: [LAZARUS_ETH],
      asset: "XBT",
    });
    expect(data.workflowStatus).toBe("manual_review_required");
    expect(data.case.asset).toBe("XBT");
    expect(data.scopeAndMethod.assetFilter).toBe("XBT");
    const evidence = data.evidenceSummary.join("\n");
    expect(evidence).toContain("Asset XBT requested: it does not narrow the screening");
    expect(evidence).toContain(
      `#1 ${LAZARUS_ETH} is listed under ETH, not under XBT: it is a match all the same.`,
    );
    expect(evidence).not.toMatch(/does not count/);
    expect(report.report_meta.title).toBe("Enhanced Due Diligence Memo - Northwind OTC Ltd");
  });

  it("duplicates are screened and reported at each position, and the memo says so", async () => {
    const { data } = await json({ ...CASE, addresses: [LAZARUS_ETH, LAZARUS_ETH.toLowerCase()] });
    expect(data.screening.summary).toMatchObject({ totalScreened: 2, matchCount: 2 });
    expect(data.scopeAndMethod.distinctWallets).toBe(1);
    expect(data.evidenceSummary.join("\n")).toContain(
      "1 submitted entry repeats an earlier address",
    );
  });
});

describe("EDD report: the body", () => {
  const S = EddReportInputSchema;
  const ok = { subject_name: "Northwind", addresses: [CLEAR_ETH], output_format: "pdf" };

  it("takes the documented members and refuses unknown ones with their path", () => {
    expect(inputIssues(S, { ...ok, ...CASE, artifact_only: true, asset: "ETH" })).toEqual([]);
    expect(inputIssues(S, { ...ok, subjectName: "x" })).toEqual([
      {
        path: "subjectName",
        message:
          'unknown member "subjectName": this object accepts subject_name, addresses, output_format, case_name, review_reason, jurisdiction, requested_by, reference_id, artifact_only, asset only',
      },
    ]);
  });

  it("requires subject_name, addresses and output_format within their bounds", () => {
    expect(inputIssues(S, { addresses: [CLEAR_ETH], output_format: "json" })).toEqual([
      {
        path: "subject_name",
        message: expect.stringMatching(
          /^subject_name is required: a string of \d+ to \d+ characters/,
        ),
      },
    ]);
    expect(inputIssues(S, { ...ok, subject_name: "" })[0]).toEqual({
      path: "subject_name",
      message: "subject_name must be 2 to 200 characters; this one has 0",
    });
    expect(inputIssues(S, { ...ok, subject_name: "X" })).toEqual([
      { path: "subject_name", message: "subject_name must be 2 to 200 characters; this one has 1" },
    ]);
    expect(inputIssues(S, { ...ok, subject_name: "   " })).toEqual([
      { path: "subject_name", message: "subject_name must not be blank" },
    ]);
    expect(inputIssues(S, { ...ok, subject_name: "x".repeat(201) })).toHaveLength(1);
    expect(inputIssues(S, { ...ok, addresses: [] })).toEqual([
      { path: "addresses", message: "addresses must hold 1 to 100 addresses" },
    ]);
    expect(inputIssues(S, { ...ok, addresses: Array(101).fill(CLEAR_ETH) })).toEqual([
      { path: "addresses", message: "addresses must hold 1 to 100 addresses" },
    ]);
    expect(inputIssues(S, { ...ok, output_format: "xlsx" })).toEqual([
      { path: "output_format", message: 'output_format must be "json", "pdf" or "docx"' },
    ]);
    expect(inputIssues(S, { ...ok, reference_id: "r".repeat(201) })).toEqual([
      { path: "reference_id", message: "reference_id must be at most 200 characters" },
    ]);
    expect(inputIssues(S, { ...ok, artifact_only: "yes" })).toEqual([
      { path: "artifact_only", message: "artifact_only must be true or false" },
    ]);
  });

  it("an address the index refuses fails the memo with its path", async () => {
    await expect(
      run({ ...ok, addresses: [CLEAR_ETH, `${CLEAR_ETH}\u200b`] }),
    ).rejects.toMatchObject({
      code: "INVALID_ADDRESS",
      details: { path: "addresses[1]" },
    });
    await expect(run({ ...ok, asset: "DOGE" })).rejects.toMatchObject({
      code: "UNSUPPORTED_ASSET",
    });
  });
});

describe("EDD report: the documents", () => {
  it("pdf: the answer's members, the file twice (artifact, output), and the memo data", async () => {
    const answer = (await run({
      ...CASE,
      addresses: [LAZARUS_ETH, CLEAR_ETH],
      output_format: "pdf",
    })) as EddDocumentAnswer;
    expect(Object.keys(answer).sort()).toEqual([
      "artifact",
      "artifact_summary",
      "artifacts",
      "data",
      "output",
      "output_format",
      "report",
      "source",
      "success",
    ]);
    expect(answer.output_format).toBe("pdf");
    expect(Object.keys(answer.data).sort()).toEqual([
      "case",
      "evidenceSummary",
      "requiredFollowUp",
      "workflowStatus",
    ]);
    expect(answer.output).toEqual({
      mimeType: "application/pdf",
      artifact: answer.artifact,
      artifact_summary: answer.artifact_summary,
    });
    expect(answer.artifact).toMatchObject({ type: "pdf", name: expect.stringMatching(/\.pdf$/) });
    expect(answer.artifact.sizeBytes).toBe(
      Buffer.from(answer.artifact.contentBase64, "base64").byteLength,
    );
    expect(answer.artifact_summary).toMatchObject({
      documentType: "pdf",
      mimeType: "application/pdf",
      degraded: false,
      degradationReason: null,
      usedFallback: false,
      recommendedLocalPath: `reports/${answer.artifact.name}`,
    });
  });

  it("artifact_only: the file and its summary, nothing else", async () => {
    const answer = (await run({
      subject_name: "Northwind OTC Ltd",
      addresses: [LAZARUS_ETH],
      output_format: "docx",
      artifact_only: true,
    })) as EddArtifactOnlyAnswer;
    expect(Object.keys(answer).sort()).toEqual([
      "artifact",
      "artifact_summary",
      "output_format",
      "source",
      "success",
    ]);
    expect(answer.artifact.type).toBe("docx");
    expect(answer.artifact_summary.degraded).toBe(false);
  });

  it("artifact_only is ignored for json", async () => {
    const answer = await run({
      ...CASE,
      addresses: [CLEAR_ETH],
      output_format: "json",
      artifact_only: true,
    });
    expect(Object.keys(answer).sort()).toEqual([
      "artifacts",
      "data",
      "report",
      "source",
      "success",
    ]);
  });
});
