import * as v from "valibot";
import { ReportModelError } from "../errors/report-model-error.js";
import type { Report } from "../model/report.js";
import { toIssueList } from "../schema/issue-path.js";
import { LegacyReportSchema, ReportModelSchema } from "../schema/wire-schemas.js";
import { normalizeLegacyReport, normalizeReportModel } from "./normalize-model.js";

export type ReportVariant = "A" | "B";

/** Which variants a route takes: PDF takes both; DOCX and XLSX take the shared model only. */
export interface ParseReportOptions {
  readonly accept?: readonly ReportVariant[];
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

/**
 * Validates a report body and normalizes it. Exactly one accepted variant must apply; the
 * error lists the problems with their paths (`ReportModelError.issues`, at most 20, the rest
 * counted in `moreIssues`).
 */
export function parseReport(input: unknown, options: ParseReportOptions = {}): Report {
  const accept = options.accept ?? ["A", "B"];
  if (!isObject(input)) {
    throw new ReportModelError("INVALID_REPORT", "the report must be a JSON object", [
      {
        path: "",
        message: `expected an object, got ${Array.isArray(input) ? "an array" : input === null ? "null" : typeof input}`,
      },
    ]);
  }
  const a = accept.includes("A") ? v.safeParse(ReportModelSchema, input) : undefined;
  const b = accept.includes("B") ? v.safeParse(LegacyReportSchema, input) : undefined;
  if (a?.success && b?.success) {
    throw new ReportModelError(
      "AMBIGUOUS_REPORT",
      "the body is both a shared report model (report_meta) and a legacy payload (title); send exactly one",
      [
        {
          path: "",
          message: "has both report_meta and title: exactly one report-model variant must apply",
        },
      ],
    );
  }
  if (a?.success) return normalizeReportModel(a.output);
  if (b?.success) return normalizeLegacyReport(b.output);

  if (!accept.includes("B") && "title" in input && !("report_meta" in input)) {
    throw new ReportModelError(
      "UNSUPPORTED_VARIANT",
      "this document type takes the shared report model only (report_meta is required); the legacy payload (title, sections) is accepted for PDF",
      [{ path: "report_meta", message: "required" }],
    );
  }
  const chosen = a !== undefined && ("report_meta" in input || b === undefined) ? a : b;
  const { issues, moreIssues } =
    chosen === undefined || chosen.success
      ? { issues: [], moreIssues: 0 }
      : toIssueList(chosen.issues);
  const expected = accept
    .map((x) =>
      x === "A"
        ? "the shared report model (report_meta required)"
        : "the legacy payload (title required)",
    )
    .join(" or ");
  throw new ReportModelError(
    "INVALID_REPORT",
    `invalid report: expected ${expected}; ${issues
      .map((i) => `${i.path || "(body)"}: ${i.message}`)
      .slice(0, 5)
      .join("; ")}`,
    issues,
    moreIssues,
  );
}
