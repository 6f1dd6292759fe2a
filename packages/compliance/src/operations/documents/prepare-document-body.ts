import type { PreparedBody } from "@svc/renderers/pool";
import { parseReport, type Report } from "@svc/report-model";
import * as v from "valibot";
import { classifyFailure, invalidInput } from "../../failures/classify-failure.js";
import { withCallerProvenance } from "./caller-provenance.js";
import { DOCUMENT_BODIES, type DocumentBodyJson } from "./document-bodies.js";
import { documentPreview } from "./document-preview.js";

/** What the render worker hands back beside a document prepared from a body. */
interface PreparedExtra {
  readonly preview: readonly string[];
}

/**
 * The render pool's body preparer (`RenderPoolOptions.bodyPreparer`: this module, compiled, is
 * `DOCUMENT_BODY_PREPARER`): on the render worker, a document route's large body is parsed from
 * its JSON bytes (decoded as the HTTP API decodes any body), checked against the route's own schema (`DOCUMENT_BODIES`) and normalized by
 * `parseReport`, as `execute` and `renderReportBody` do on the request's thread, so its
 * refusals are the same `Failure`s: `INVALID_INPUT` with the field paths, `AMBIGUOUS_REPORT`,
 * `UNSUPPORTED_VARIANT`, `INVALID_REPORT`. The answer's preview is read here too, off the report.
 */
export default async function prepareDocumentBody(task: unknown): Promise<PreparedBody> {
  const { operation, json, provenance } = task as DocumentBodyJson;
  const body = DOCUMENT_BODIES[operation];
  const parsed = v.safeParse(body.input, JSON.parse(new TextDecoder().decode(json)));
  if (!parsed.success) return { ok: false, refusal: invalidInput(parsed.issues) };
  let report: Report;
  try {
    report = parseReport(parsed.output, { accept: body.accept });
  } catch (error) {
    const failure = classifyFailure(error);
    if (failure === undefined) throw error;
    return { ok: false, refusal: failure };
  }
  // What the service vouches for in it, as the request's thread would (`renderReportBody`).
  report = await withCallerProvenance(
    report,
    provenance ?? { attestationKeys: undefined, served: undefined },
  );
  const extra: PreparedExtra = { preview: documentPreview(report) };
  return { ok: true, report, extra };
}

/**
 * The compiled preparer, for `RenderPoolOptions.bodyPreparer`: this module, or run from its
 * sources (a test), its build in `dist` (a worker imports JavaScript, as the pool's own worker).
 */
export const DOCUMENT_BODY_PREPARER: URL = import.meta.url.endsWith(".ts")
  ? new URL(import.meta.url.replace(/\/src\/(?!.*\/src\/)/, "/dist/").replace(/\.ts$/, ".js"))
  : new URL(import.meta.url);
