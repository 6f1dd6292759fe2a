import {
  type Artifact,
  type ArtifactSummary,
  type DocumentType,
  inlineArtifact,
  type RenderedDocument,
  type RenderOptions,
} from "@svc/renderers/pool";
import {
  parseReport,
  type ReportModelInput,
  type ReportVariant,
  type ScreeningInstant,
} from "@svc/report-model";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { takeTurn } from "../../execution/take-turn.js";
import type { Failure } from "../../failures/failure.js";
import { RefusalError } from "../../failures/refusal-error.js";
import { provenanceInputsOf, withCallerProvenance } from "./caller-provenance.js";
import { DOCUMENT_BODIES, type DocumentBodyJson } from "./document-bodies.js";
import { type DocumentCapabilities, documentCapabilities } from "./document-capabilities.js";
import { documentPreview } from "./document-preview.js";
import { DOCUMENT_SOURCE } from "./document-source.js";

/**
 * The deadline of the document operations: a report body rendered as PDF, DOCX or XLSX,
 * including any wait for a free render worker. The largest bodies the render limits and the
 * 1 MiB body cap admit take under 10 s on the one worker of a 2-core machine, even with the
 * machine busy (a PDF of 50 paragraphs of 20,000 characters: 5 s alone, 7 to 9 s under load; a
 * PDF of 10,000 rows: 2 to 4 s; a DOCX of 100,000 cells: 3.5 s; an XLSX of 960,000 cells: under
 * 1 s; `bench/render-limits.bench.mjs` of @svc/renderers). A render whose queue ahead would keep
 * it past this deadline is refused before it is validated (`RENDER_BUSY`, the pool's admission);
 * what outlasts it anyway is a hostile body (a PDF of 50 charts of 10,000 points each renders
 * for two minutes), abandoned and not charged.
 */
export const DOCUMENT_DEADLINE_MS = 30_000;

/**
 * The answer of the document routes. The envelope
 * stays `{success, data, source}` as the deployed service's clients read it, so
 * `artifact_summary` rides inside `data`: it is where a degraded document says so
 * (`degraded`, `degradationReason` with each problem's path, `usedFallback`), and a caller
 * filing the document must see that next to the file.
 */
export interface DocumentAnswer {
  readonly success: true;
  readonly data: {
    readonly documentType: DocumentType;
    readonly fileName: string;
    readonly mimeType: string;
    readonly artifact: Artifact;
    readonly preview: readonly string[];
    readonly capabilities: DocumentCapabilities;
    readonly artifact_summary: ArtifactSummary;
  };
  readonly source: typeof DOCUMENT_SOURCE;
}

/**
 * Renders the service's own `report` (the shared model a screening or workflow answer it has
 * just made carries) as a document, in the app's renderer: the one parse of the report in the
 * request (the answer's file hint reads `report_meta` alone). The document is the service's
 * (`provenance: service`), and says when it screened on which edition (`screening`; null for a
 * report on no screening); its banners are the ones the builder set from the service's own list
 * state. The caller base64-encodes the bytes once, where it builds its answer (`inlineArtifact`).
 */
export function renderReportModel(
  report: ReportModelInput,
  type: DocumentType,
  deps: ComplianceDeps,
  screening: ScreeningInstant | null,
  options: RenderOptions = {},
): Promise<RenderedDocument> {
  const parsed = parseReport(report, { accept: ["A"] });
  return deps.render(
    type,
    { ...parsed, meta: { ...parsed.meta, provenance: { kind: "service", screening } } },
    options,
  );
}

/**
 * Validates a report body for one document type and renders it. The input schema has already
 * checked the wire shape; `parseReport` applies what a schema cannot: exactly one variant
 * (`AMBIGUOUS_REPORT`), the variants this route takes (`UNSUPPORTED_VARIANT`), and the issue
 * paths (`INVALID_REPORT`). Those, and the renderer's `RenderError` (`REPORT_TOO_LARGE` before
 * anything is rendered), propagate for the app to answer 400 or 413. `options.signal` (the run's)
 * goes to the renderer, which abandons the render when it fires. The body is a caller's: the
 * document says what the service can vouch for in it (`withCallerProvenance`).
 */
export async function renderReportBody(
  body: unknown,
  type: DocumentType,
  accept: readonly ReportVariant[],
  deps: ComplianceDeps,
  options: RenderOptions = {},
): Promise<DocumentAnswer> {
  // Up to 1 MiB of rows normalized: in its turn, as the body's validation was; then what the
  // service can vouch for in it.
  const report = await withCallerProvenance(
    await takeTurn(() => parseReport(body, { accept })),
    provenanceInputsOf(deps),
  );
  const doc = await deps.render(type, report, options);
  return documentAnswer(doc, documentPreview(report), type, accept);
}

/**
 * Renders a document route's body from its JSON bytes, on the render worker (`deps.renderBody`):
 * there it is validated with the route's schema and normalized (`prepareDocumentBody`), then
 * rendered. A refusal made there is thrown as `RefusalError`, answered as the same refusal made
 * on this thread would be; the renderer's own errors propagate as in `renderReportBody`.
 */
export async function renderReportJson(
  body: DocumentBodyJson,
  deps: ComplianceDeps,
  options: RenderOptions & { readonly cells: number },
): Promise<DocumentAnswer> {
  const { type, accept } = DOCUMENT_BODIES[body.operation];
  if (deps.renderBody === undefined) throw new Error("no renderer of bodies in these deps");
  // The worker vouches as this thread would: with the service's keys and its list's state now.
  const result = await deps.renderBody(
    type,
    { ...body, provenance: provenanceInputsOf(deps) },
    options,
  );
  if (!result.ok) throw new RefusalError(result.refusal as Failure);
  const { preview } = result.extra as { readonly preview: readonly string[] };
  return documentAnswer(result.document, preview, type, accept);
}

function documentAnswer(
  doc: RenderedDocument,
  preview: readonly string[],
  type: DocumentType,
  accept: readonly ReportVariant[],
): DocumentAnswer {
  return {
    success: true,
    data: {
      documentType: doc.artifactSummary.documentType,
      fileName: doc.fileName,
      mimeType: doc.mimeType,
      artifact: inlineArtifact(doc),
      preview,
      capabilities: documentCapabilities(type, accept),
      artifact_summary: doc.artifactSummary,
    },
    source: DOCUMENT_SOURCE,
  };
}
