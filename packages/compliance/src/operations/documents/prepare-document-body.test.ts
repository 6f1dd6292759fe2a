import { beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { execute } from "../../execution/execute.js";
import { sampleDeps } from "../../test-support/sample-deps.js";
import { DOCUMENT_BODIES, type DocumentOperationName } from "./document-bodies.js";
import { documentPreview } from "./document-preview.js";
import { EXAMPLE_LEGACY_REPORT, EXAMPLE_REPORT_MODEL } from "./example-reports.js";
import { DOCUMENT_OPERATIONS } from "./index.js";
import prepareDocumentBody from "./prepare-document-body.js";

let deps: ComplianceDeps;
beforeAll(async () => {
  deps = await sampleDeps();
});

const json = (body: unknown) => new TextEncoder().encode(JSON.stringify(body));

/** Bodies each document route refuses, each for its own reason. */
const INVALID: readonly unknown[] = [
  { report_meta: { title: 42 } },
  { ...EXAMPLE_REPORT_MODEL, headline_metrics: [{ value: 1 }] },
  { ...EXAMPLE_REPORT_MODEL, tables: { t: { rows: [[{}]] } } },
  { ...EXAMPLE_REPORT_MODEL, title: "both" },
  EXAMPLE_LEGACY_REPORT,
  { ...EXAMPLE_LEGACY_REPORT, sections: "none" },
  {},
];

describe("prepareDocumentBody (the render worker's validation) refuses as the request's thread does", () => {
  it.each(DOCUMENT_OPERATIONS.map((op) => [op.name, op] as const))(
    "%s: every invalid body, the same failure: status, code, message and issues",
    async (name, op) => {
      for (const body of INVALID) {
        const onThread = await execute(op, body, deps);
        const onWorker = await prepareDocumentBody({
          operation: name as DocumentOperationName,
          json: json(body),
        });
        if (onThread.ok) {
          expect(onWorker.ok).toBe(true);
          continue;
        }
        expect({ body, refusal: onWorker.ok ? undefined : onWorker.refusal }).toEqual({
          body,
          refusal: onThread.failure,
        });
      }
    },
  );

  it("prepares a valid body as the route renders it: the report, and its preview", async () => {
    for (const [name, { accept }] of Object.entries(DOCUMENT_BODIES)) {
      const body = (accept as readonly string[]).includes("B")
        ? EXAMPLE_LEGACY_REPORT
        : EXAMPLE_REPORT_MODEL;
      const prepared = await prepareDocumentBody({
        operation: name as DocumentOperationName,
        json: json(body),
      });
      expect(prepared.ok).toBe(true);
      if (!prepared.ok) continue;
      expect(prepared.extra).toEqual({ preview: documentPreview(prepared.report) });
    }
  });
});
