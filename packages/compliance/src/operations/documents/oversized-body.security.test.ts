import { RENDER_LIMITS, RenderError, type RenderRequest } from "@svc/renderers/pool";
import { describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { execute } from "../../execution/execute.js";
import { sampleDeps } from "../../test-support/sample-deps.js";
import { DOCUMENT_OPERATIONS } from "./index.js";
import { reportBodySize } from "./report-body-size.js";

/** A body one row over `rows`, whose report_meta is also invalid (its title is a number). */
const overBy1 = (rows: number, columns: number) => ({
  report_meta: { title: 42 },
  tables: {
    t: {
      columns: Array.from({ length: columns }, (_, i) => `c${i}`),
      rows: Array.from({ length: rows + 1 }, () => Array.from({ length: columns }, () => 0)),
    },
  },
});

/** Deps whose renderer and admission count their calls. */
async function countingDeps() {
  const deps = await sampleDeps();
  const calls = { render: 0, admit: [] as RenderRequest[] };
  const counted: ComplianceDeps = {
    ...deps,
    render: (...args) => {
      calls.render++;
      return deps.render(...args);
    },
    admitRender: (request) => {
      calls.admit.push(request);
      return { estimateMs: 1, release: () => {} };
    },
  };
  return { deps: counted, calls };
}

describe("oversized document bodies are refused before validation", () => {
  it.each(DOCUMENT_OPERATIONS.map((op) => [op.name, op] as const))(
    "%s: a body one row over the limit is 413 REPORT_TOO_LARGE, not INVALID_INPUT, with nothing admitted or rendered",
    async (_name, op) => {
      const type = op.name === "report_generate" ? "pdf" : (op.name.split("_")[1] as "pdf");
      const { deps, calls } = await countingDeps();
      const columns = 20;
      const rows = Math.min(RENDER_LIMITS[type].rows, RENDER_LIMITS[type].cells / columns);
      const answer = await execute(op, overBy1(rows, columns), deps, { deadlineMs: 30_000 });
      // The size came first: the invalid title was never looked at.
      expect(answer).toMatchObject({
        ok: false,
        failure: { status: 413, code: "REPORT_TOO_LARGE" },
      });
      expect(calls).toEqual({ render: 0, admit: [] });
    },
  );

  it("a body the renderer cannot take in time is refused with the renderer's code before its validation", async () => {
    const { deps } = await countingDeps();
    const busy: ComplianceDeps = {
      ...deps,
      admitRender: () => {
        throw new RenderError("RENDER_BUSY", "queue", { retryAfterSeconds: 3 });
      },
    };
    const [op] = DOCUMENT_OPERATIONS;
    if (op === undefined) throw new Error("no document operation");
    const answer = await execute(op, { report_meta: { title: 42 } }, busy, { payer: "0xa" });
    expect(answer).toMatchObject({
      ok: false,
      failure: { status: 503, code: "RENDER_BUSY", retryAfterSeconds: 3 },
    });
  });

  it("counts rows and cells as the renderer will, on the raw JSON", () => {
    expect(
      reportBodySize({
        tables: {
          a: { columns: ["x", "y"], rows: [[1], [2], [3]] },
          b: { rows: [{ p: 1 }, { q: 2 }] },
        },
        result: { one: 1, two: 2 },
        export_artifacts: { workbook_rows: { s: [[1, 2, 3]] } },
        sections: [{ table: [{ a: 1 }] }, { table: "junk" }],
      }),
    ).toEqual({ rows: 3 + 2 + 2 + 1 + 1, cells: 6 + 4 + 4 + 3 + 1 });
  });
});
