import { generateSigningKey } from "@svc/attestations";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { attesterFor, authorizationPayment } from "../attestation/attest.js";
import type { AnyOperation } from "../catalog/any-operation.js";
import type { Operation } from "../catalog/operation.js";
import { execute } from "../execution/execute.js";
import { ListStatusAnswerSchema, listStatusOf } from "../list/list-status.js";
import { sampleDeps } from "../test-support/sample-deps.js";
import { DocumentAnswerSchema } from "./documents/answer-schema.js";
import { reportDocxGenerate } from "./documents/report-docx-generate.js";
import { reportPdfGenerate } from "./documents/report-pdf-generate.js";
import { reportXlsxGenerate } from "./documents/report-xlsx-generate.js";
import {
  BatchWalletScreenAnswerSchema,
  EddReportAnswerSchema,
  WalletReportAnswerSchema,
  WalletScreeningAnswerSchema,
} from "./screening/answer-schemas.js";
import { batchWalletScreen } from "./screening/batch-wallet-screen.js";
import { eddReport } from "./screening/edd-report.js";
import { ofacWalletScreen } from "./screening/ofac-wallet-screen.js";
import { walletSanctionsReport } from "./screening/wallet-sanctions-report.js";
import {
  ExposureForecastAnswerSchema,
  QueueOptimizeAnswerSchema,
} from "./workflows/answer-schemas.js";
import { exposureForecast } from "./workflows/exposure-forecast.js";
import { queueOptimize } from "./workflows/queue-optimize.js";

/** The issues of `answer` against `schema`, as `path: message` (empty when it conforms). */
function issuesOf(schema: v.GenericSchema, answer: unknown): string[] {
  const r = v.safeParse(schema, JSON.parse(JSON.stringify(answer)));
  return r.success
    ? []
    : r.issues.map((i) => `${(i.path ?? []).map((p) => String(p.key)).join(".")}: ${i.message}`);
}

describe("answer schemas", () => {
  it("each operation's real answer to its example conforms to its answer schema", async () => {
    const deps = await sampleDeps();
    const cases: [AnyOperation, v.GenericSchema][] = [
      [ofacWalletScreen, WalletScreeningAnswerSchema],
      [walletSanctionsReport, WalletReportAnswerSchema],
      [batchWalletScreen, BatchWalletScreenAnswerSchema],
      [eddReport, EddReportAnswerSchema],
      [exposureForecast, ExposureForecastAnswerSchema],
      [queueOptimize, QueueOptimizeAnswerSchema],
      [reportPdfGenerate, DocumentAnswerSchema],
      [reportDocxGenerate, DocumentAnswerSchema],
      [reportXlsxGenerate, DocumentAnswerSchema],
    ];
    for (const [op, schema] of cases) {
      const answer = await execute(op, op.inputExample, deps);
      if (!answer.ok) throw new Error(`${op.name} refused its example: ${answer.failure.code}`);
      expect(issuesOf(schema, answer.output), op.name).toEqual([]);
    }
    expect(issuesOf(ListStatusAnswerSchema, listStatusOf(deps.list)), "list_status").toEqual([]);
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

  it("a signed run's answers conform, attestation and all; an attestation that is no JWS does not", async () => {
    const deps = await sampleDeps();
    const attest = attesterFor({
      key: await generateSigningKey(),
      baseUrl: "https://screening.example.com",
      payment: authorizationPayment({
        network: "eip155:84532",
        asset: "0x036cbd53842c5426634e7929541ec2318f3dcf7e",
        payer: "0x7e5f4552091a69125d5dfcb7b8c2659029395bdf",
        nonce: `0x${"5a".repeat(32)}`,
      }),
    });
    // Each run as its route runs it, on its own example with the extra members.
    const signed = async <Input, Output>(op: Operation<Input, Output>, extra: object) =>
      (await op.run(v.parse(op.input, { ...(op.inputExample as object), ...extra }), deps, {
        attest,
      })) as unknown as Record<string, unknown>;
    const cases: [string, () => Promise<Record<string, unknown>>, v.GenericSchema][] = [
      ["ofac_wallet_screen", () => signed(ofacWalletScreen, {}), WalletScreeningAnswerSchema],
      [
        "wallet_sanctions_report",
        () => signed(walletSanctionsReport, {}),
        WalletReportAnswerSchema,
      ],
      ["batch_wallet_screen", () => signed(batchWalletScreen, {}), BatchWalletScreenAnswerSchema],
      ["edd json", () => signed(eddReport, { output_format: "json" }), EddReportAnswerSchema],
      ["edd pdf", () => signed(eddReport, { output_format: "pdf" }), EddReportAnswerSchema],
      [
        "edd file alone",
        () => signed(eddReport, { output_format: "docx", artifact_only: true }),
        EddReportAnswerSchema,
      ],
    ];
    for (const [name, answerOf, schema] of cases) {
      const answer = await answerOf();
      expect(answer.attestation, name).toEqual(expect.any(String));
      expect(issuesOf(schema, answer), name).toEqual([]);
      const forged = { ...answer, attestation: `${answer.attestation}.extra` };
      expect(issuesOf(schema, forged), name).not.toEqual([]);
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
