import { type ComplianceDeps, renderReportModel } from "@svc/compliance";
import {
  type Artifact,
  type ArtifactSummary,
  type DocumentType,
  inlineArtifact,
} from "@svc/renderers/pool";
import type { ReportModelInput, ScreeningInstant } from "@svc/report-model";

/** What a tool answer gains when it is asked for a document: the file and its summary. */
export interface RenderedPart {
  readonly output_format: DocumentType;
  readonly artifact: Artifact;
  readonly artifact_summary: ArtifactSummary;
}

/**
 * Renders an answer's report as a document, for tools whose output format is pdf or docx (the
 * members the EDD route's document answer has). The caller spreads the part into its answer,
 * where the server takes `artifact` and sends its bytes as an embedded resource. The answer is
 * the service's own, made in this call: the document is the service's, and says when it
 * screened (`screening`, null for an answer on no screening).
 */
export async function renderPart(
  report: ReportModelInput,
  type: DocumentType,
  deps: ComplianceDeps,
  screening: ScreeningInstant | null,
  signal?: AbortSignal,
): Promise<RenderedPart> {
  const doc = await renderReportModel(report, type, deps, screening, { signal });
  return {
    output_format: type,
    artifact: inlineArtifact(doc),
    artifact_summary: doc.artifactSummary,
  };
}
