import {
  assertSizeWithinLimits,
  type DocumentType,
  RenderError,
  type RenderTicket,
} from "@svc/renderers/pool";
import { parseReport } from "@svc/report-model";
import type { ComplianceDeps } from "../../catalog/deps.js";
import type { Admission, ExecuteOptions } from "../../execution/executable.js";
import { classifyFailure } from "../../failures/classify-failure.js";
import type { Failure } from "../../failures/failure.js";
import { type DocumentAnswer, renderReportJson } from "./document-answer.js";
import { DOCUMENT_BODIES, type DocumentOperationName } from "./document-bodies.js";
import { scanReportBody } from "./report-body-scan.js";
import { type BodySize, reportBodySize } from "./report-body-size.js";

const refusal = (error: unknown): Admission<never> => {
  const failure: Failure | undefined = classifyFailure(error);
  if (failure === undefined) throw error;
  return { ok: false, failure };
};

/** A body of `size` against the format's limits, then a place in the renderer's queue. */
function admitSize(
  type: DocumentType,
  size: BodySize,
  deps: ComplianceDeps,
  options: ExecuteOptions,
): { ok: true; ticket: RenderTicket | undefined } | Admission<never> {
  try {
    assertSizeWithinLimits(size, type);
    const ticket = deps.admitRender?.({
      type,
      cells: size.cells,
      payer: options.payer,
      deadlineMs: options.deadlineMs,
    });
    return { ok: true, ticket };
  } catch (error) {
    if (error instanceof RenderError) return refusal(error);
    throw error;
  }
}

/**
 * How a document route admits a body, before validating it: its rows and cells counted on the
 * raw JSON (`reportBodySize`) against the format's limits (413 `REPORT_TOO_LARGE`), then a place
 * in the renderer's queue for its payer within the run's deadline (`deps.admitRender`: 503
 * `RENDER_BUSY`, `RENDER_PAYER_BUSY` or `RENDER_QUEUE_FULL` with Retry-After). Either refusal
 * comes before any validation or rendering, and nothing refused is charged.
 */
export const documentAdmission =
  (operation: DocumentOperationName) =>
  (raw: unknown, deps: ComplianceDeps, options: ExecuteOptions): Admission<DocumentAnswer> =>
    admitSize(DOCUMENT_BODIES[operation].type, reportBodySize(raw), deps, options);

/**
 * The same admission of a large body on its JSON bytes, which are never parsed on this thread:
 * its rows and cells counted on the bytes (`scanReportBody`: the same count, without building
 * the objects), then the same refusals; admitted, the body is parsed, validated with the route's
 * own schema and rendered on the render worker (`deps.renderBody`, `prepareDocumentBody`), its
 * refusals the same answers. `undefined` (the caller parses the body as any other) when the
 * bytes are not one JSON object, or the deps render no bodies.
 */
export const documentJsonAdmission =
  (operation: DocumentOperationName) =>
  (
    json: Uint8Array,
    deps: ComplianceDeps,
    options: ExecuteOptions,
  ): Admission<DocumentAnswer> | undefined => {
    if (deps.renderBody === undefined) return undefined;
    const size = scanReportBody(json);
    if (size === undefined) return undefined;
    const admitted = admitSize(DOCUMENT_BODIES[operation].type, size, deps, options);
    if (!admitted.ok) return admitted;
    const { ticket } = admitted;
    return {
      ok: true,
      ticket,
      run: ({ signal }) =>
        renderReportJson({ operation, json }, deps, { signal, ticket, cells: size.cells }),
    };
  };

/**
 * The refusals a document route's run makes of a body its schema took, without rendering:
 * `parseReport`'s (exactly one variant, `AMBIGUOUS_REPORT`; the variants the route takes,
 * `UNSUPPORTED_VARIANT`; `INVALID_REPORT` with the paths), as `renderReportBody` makes them
 * first. What only the renderer finds (a document too large once laid out) it cannot.
 */
export const documentCheck =
  (operation: DocumentOperationName) =>
  (input: unknown): void => {
    parseReport(input, { accept: DOCUMENT_BODIES[operation].accept });
  };
