import { type ComplianceDeps, renderReportModel } from "@svc/compliance";
import type { Artifact, ArtifactSummary, DocumentType } from "@svc/renderers/pool";
import type { ReportModelInput } from "@svc/report-model";

/** What a tool answer gains when it is asked for a document: the file and its summary. */
export interface RenderedPart {
  readonly output_format: DocumentType;
  readonly artifact: Artifact;
  readonly artifact_summary: ArtifactSummary;
}

/**
 * Renders an answer's report as a document, for tools whose output format is pdf or docx (the
 * members the EDD route's document answer has). The caller spreads the part into its answer; the
 * server moves the bytes into an embedded resource.
 */
export async function renderPart(
  report: ReportModelInput,
  format: DocumentType,
  deps: ComplianceDeps,
  signal?: AbortSignal,
): Promise<RenderedPart> {
  const doc = await renderReportModel(report, format, deps, { signal });
  return { output_format: format, artifact: doc.artifact, artifact_summary: doc.artifactSummary };
}
