import type * as v from "valibot";
import { safeParse } from "valibot";
import { describe, expect, it } from "vitest";
import { ListStatusAnswerSchema, listStatusOf } from "../list/list-status.js";
import { sampleDeps } from "../test-support/sample-deps.js";
import { DocumentAnswerSchema } from "./documents/answer-schema.js";
import { reportDocxGenerate, reportPdfGenerate, reportXlsxGenerate } from "./documents/index.js";
import {
  BatchWalletScreenAnswerSchema,
  EddReportAnswerSchema,
  WalletReportAnswerSchema,
  WalletScreeningAnswerSchema,
} from "./screening/answer-schemas.js";
import {
  batchWalletScreen,
  eddReport,
  ofacWalletScreen,
  walletSanctionsReport,
} from "./screening/index.js";
import {
  ExposureForecastAnswerSchema,
  QueueOptimizeAnswerSchema,
} from "./workflows/answer-schemas.js";
import { exposureForecast, queueOptimize } from "./workflows/index.js";

/** The issues of `answer` against `schema`, as `path: message` (empty when it conforms). */
function issuesOf(schema: v.GenericSchema, answer: unknown): string[] {
  const r = safeParse(schema, JSON.parse(JSON.stringify(answer)));
  return r.success
    ? []
    : r.issues.map((i) => `${(i.path ?? []).map((p) => String(p.key)).join(".")}: ${i.message}`);
}

describe("answer schemas", () => {
  it("each operation's real answer to its example conforms to its answer schema", async () => {
    const deps = await sampleDeps();
    const cases: [string, v.GenericSchema, unknown][] = [
      [
        "ofac_wallet_screen",
        WalletScreeningAnswerSchema,
        await ofacWalletScreen.run(ofacWalletScreen.inputExample, deps),
      ],
      [
        "wallet_sanctions_report",
        WalletReportAnswerSchema,
        await walletSanctionsReport.run(walletSanctionsReport.inputExample, deps),
      ],
      [
        "batch_wallet_screen",
        BatchWalletScreenAnswerSchema,
        await batchWalletScreen.run(batchWalletScreen.inputExample, deps),
      ],
      ["edd_report", EddReportAnswerSchema, await eddReport.run(eddReport.inputExample, deps)],
      [
        "exposure_forecast",
        ExposureForecastAnswerSchema,
        await exposureForecast.run(exposureForecast.inputExample, deps),
      ],
      [
        "queue_optimize",
        QueueOptimizeAnswerSchema,
        await queueOptimize.run(queueOptimize.inputExample, deps),
      ],
      [
        "report_pdf_generate",
        DocumentAnswerSchema,
        await reportPdfGenerate.run(reportPdfGenerate.inputExample, deps),
      ],
      [
        "report_docx_generate",
        DocumentAnswerSchema,
        await reportDocxGenerate.run(reportDocxGenerate.inputExample, deps),
      ],
      [
        "report_xlsx_generate",
        DocumentAnswerSchema,
        await reportXlsxGenerate.run(reportXlsxGenerate.inputExample, deps),
      ],
      ["list_status", ListStatusAnswerSchema, listStatusOf(deps.list)],
    ];
    for (const [name, schema, answer] of cases) expect(issuesOf(schema, answer), name).toEqual([]);
  });

  it("every form of the EDD answer conforms: JSON memo, rendered memo, file alone", async () => {
    const deps = await sampleDeps();
    const base = { ...eddReport.inputExample };
    for (const extra of [
      { output_format: "json" },
      { output_format: "pdf" },
      { output_format: "docx", artifact_only: true },
    ] as const) {
      const answer = await eddReport.run({ ...base, ...extra }, deps);
      expect(issuesOf(EddReportAnswerSchema, answer), JSON.stringify(extra)).toEqual([]);
    }
  });

  it("a refusal body is no answer", () => {
    const refusal = { success: false, code: "INVALID_INPUT", error: "Invalid input" };
    for (const schema of [
      WalletScreeningAnswerSchema,
      ExposureForecastAnswerSchema,
      DocumentAnswerSchema,
    ]) {
      expect(issuesOf(schema, refusal)).not.toEqual([]);
    }
  });
});
