import {
  assertSizeWithinLimits,
  type DocumentType,
  RenderError,
  type RenderTicket,
} from "@svc/renderers/pool";
import type { ComplianceDeps } from "../../catalog/deps.js";
import type { Admission, HandleOptions } from "../../execution/handle-input.js";
import { classifyFailure, type Failure } from "../../failures/classify-failure.js";
import { reportBodySize } from "./report-body-size.js";

const refusal = (error: unknown): Admission => {
  const failure: Failure | undefined = classifyFailure(error);
  if (failure === undefined) throw error;
  return { ok: false, failure };
};

/**
 * How a document route admits a body, before validating it: its rows and cells counted on the
 * raw JSON (`reportBodySize`) against the format's limits (413 `REPORT_TOO_LARGE`), then a place
 * in the renderer's queue for its payer within the run's deadline (`deps.admitRender`: 503
 * `RENDER_BUSY`, `RENDER_PAYER_BUSY` or `RENDER_QUEUE_FULL` with Retry-After). Either refusal
 * comes before any validation or rendering, and nothing refused is charged.
 */
export const documentAdmission =
  (type: DocumentType) =>
  (raw: unknown, deps: ComplianceDeps, options: HandleOptions): Admission => {
    const size = reportBodySize(raw);
    let ticket: RenderTicket | undefined;
    try {
      assertSizeWithinLimits(size, type);
      ticket = deps.admitRender?.({
        type,
        cells: size.cells,
        payer: options.payer,
        deadlineMs: options.deadlineMs,
      });
    } catch (error) {
      if (error instanceof RenderError) return refusal(error);
      throw error;
    }
    return { ok: true, ticket };
  };
