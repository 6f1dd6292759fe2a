import { fileNameFor } from "@svc/renderers/pool";
import { parseReport } from "@svc/report-model";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { sampleDeps } from "../../test-support/sample-deps.js";
import { exposureForecast } from "../workflows/exposure-forecast.js";
import { queueOptimize } from "../workflows/queue-optimize.js";
import { artifactHints, type ScreeningEnvelope } from "./envelope.js";
import { SCREENING_OPERATIONS } from "./index.js";

let deps: ComplianceDeps;
beforeAll(async () => {
  deps = await sampleDeps();
});

describe("screening envelope", () => {
  it("every report a screening or workflow answer builds is one the document routes take, named as its hint says", async () => {
    const answers: [string, Partial<ScreeningEnvelope<unknown>>][] = [];
    for (const op of SCREENING_OPERATIONS) {
      // The EDD memo's example asks for json: the envelope.
      answers.push([op.name, await op.run(v.parse(op.input, op.inputExample) as never, deps)]);
    }
    for (const op of [exposureForecast, queueOptimize]) {
      answers.push([op.name, await op.run(v.parse(op.input, op.inputExample) as never, deps)]);
    }
    expect(answers).toHaveLength(6);
    for (const [name, answer] of answers) {
      if (answer.report === undefined || answer.artifacts === undefined) {
        throw new Error(`${name} answered no report and hints`);
      }
      // What the DOCX and XLSX routes accept (the shared model only), with nothing degraded.
      const parsed = parseReport(answer.report, { accept: ["A"] });
      expect(parsed.degradations, name).toEqual([]);
      expect(`${answer.artifacts.recommended_local_path}.pdf`, name).toBe(
        `reports/${fileNameFor(parsed, "pdf")}`,
      );
    }
  });

  it("names a report of no title and no date as the document routes do", () => {
    const report = { report_meta: { title: " " } };
    expect(artifactHints(report).recommended_local_path).toBe(
      `reports/${fileNameFor(parseReport(report), "pdf").replace(/\.pdf$/, "")}`,
    );
    expect(artifactHints(report).recommended_local_path).toBe("reports/report");
  });
});
