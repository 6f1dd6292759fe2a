import { fileStem } from "@svc/renderers/pool";
import { normalizeReportMeta, type ReportModelInput } from "@svc/report-model";
import type { ScreeningAttestation } from "../../attestation/attest.js";
import { attestationMember } from "./screening-attestation.js";
import { SCREENING_SOURCE } from "./screening-constants.js";

/**
 * The document routes (PDF, DOCX, XLSX) that render a result's `report` as it is:
 * `report` is the shared model (variant A), which all three accept.
 */
export const DOCUMENT_ENDPOINTS = Object.freeze({
  pdf: "/api/tools/report/pdf/generate",
  docx: "/api/tools/report/docx/generate",
  xlsx: "/api/tools/report/xlsx/generate",
} as const);

/**
 * Hints for turning the answer into a file, kept small on purpose: where to file it (the stem
 * the document routes will name it, under `reports/`, without the extension they add) and
 * which route renders which format. Nothing is hosted: the caller posts `report` itself.
 */
export interface ArtifactHints {
  readonly recommended_local_path: string;
  readonly document_endpoints: typeof DOCUMENT_ENDPOINTS;
}

/**
 * The success answer of every screening and workflow route:
 * the result in `data`, the same result as a report model in `report` (so any result can be
 * sent straight to a document route), file hints in `artifacts`, and the list as `source`.
 * A screening run given `attest` (a paid run of the hosted service) also carries its signed
 * `attestation` (a compact JWS); no other answer has the member.
 */
export interface ScreeningEnvelope<Data> {
  readonly success: true;
  readonly data: Data;
  readonly report: ReportModelInput;
  readonly artifacts: ArtifactHints;
  readonly source: typeof SCREENING_SOURCE;
  readonly attestation?: string;
}

/**
 * The stem is the renderers' own `fileStem`, of the title block alone (`report_meta`), so the
 * hint and the file a document route returns for this report agree (`reports/<stem>.pdf`)
 * without parsing the whole report on every call. That every builder's report is one the
 * document routes take is checked by the tests beside this file.
 */
export function artifactHints(report: ReportModelInput): ArtifactHints {
  return {
    recommended_local_path: `reports/${fileStem(normalizeReportMeta(report.report_meta))}`,
    document_endpoints: DOCUMENT_ENDPOINTS,
  };
}

export function screeningEnvelope<Data>(
  data: Data,
  report: ReportModelInput,
  attestation?: ScreeningAttestation,
): ScreeningEnvelope<Data> {
  return {
    success: true,
    data,
    report,
    artifacts: artifactHints(report),
    source: SCREENING_SOURCE,
    ...attestationMember(attestation),
  };
}
