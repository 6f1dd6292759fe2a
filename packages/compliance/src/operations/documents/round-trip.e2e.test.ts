import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../test-support/documents.js";
import { sampleDeps } from "../../test-support/sample-deps.js";
import { LAZARUS_ETH } from "../workflows/example-addresses.js";
import { exposureForecast } from "../workflows/exposure-forecast.js";
import { queueOptimize } from "../workflows/queue-optimize.js";
import { reportPdfGenerate } from "./report-pdf-generate.js";
import { reportXlsxGenerate } from "./report-xlsx-generate.js";
import { xlsxWorkbook } from "./test-support/read-workbook.js";

/** A workflow's `report`, sent unchanged (through JSON, as a client would) to a document route. */
const overTheWire = (report: unknown): unknown => JSON.parse(JSON.stringify(report));

describe("workflow → document", () => {
  it("a forecast's report renders on the PDF route, under the name its artifacts hint announced", async () => {
    const deps = await sampleDeps();
    const forecast = await exposureForecast.run(
      v.parse(exposureForecast.input, exposureForecast.inputExample),
      deps,
    );
    const body = v.parse(reportPdfGenerate.input, overTheWire(forecast.report));
    const pdf = await reportPdfGenerate.run(body, deps);
    expect(pdf.data.artifact_summary.recommendedLocalPath).toBe(
      `${forecast.artifacts.recommended_local_path}.pdf`,
    );
    expect(pdf.data.artifact_summary.degraded).toBe(false);
    expect(pdf.data.preview[0]).toBe("OFAC Exposure Forecast");
    const text = pdfText(pdf.data.artifact.contentBase64);
    expect(text).toContain("OFAC Exposure Forecast");
    expect(text).toContain("Per wallet exposure");
    expect(text).toContain(LAZARUS_ETH);
  });

  it("a review queue's report renders on the XLSX route with its review_queue sheet", async () => {
    const deps = await sampleDeps();
    const queue = await queueOptimize.run(
      v.parse(queueOptimize.input, queueOptimize.inputExample),
      deps,
    );
    const body = v.parse(reportXlsxGenerate.input, overTheWire(queue.report));
    const xlsx = await reportXlsxGenerate.run(body, deps);
    expect(xlsx.data.artifact_summary.degraded).toBe(false);
    const workbook = await xlsxWorkbook(xlsx.data.artifact.contentBase64);
    expect(workbook.worksheets.map((s) => s.name)).toContain("Review queue");
  });
});
