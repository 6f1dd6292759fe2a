import { jsonSchemaOf, parseReport } from "@svc/report-model";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { sampleDeps } from "../../test-support/sample-deps.js";
import { SCREENING_OPERATIONS } from "./index.js";

let deps: ComplianceDeps;
beforeAll(async () => {
  deps = await sampleDeps();
});

describe("SCREENING_OPERATIONS", () => {
  it("are the four screening routes, in order, at their prices", () => {
    expect(SCREENING_OPERATIONS.map((op) => [op.method, op.path, op.price])).toEqual([
      ["GET", "/api/ofac-wallet-screen/:address", "0.01"],
      ["POST", "/api/workflows/compliance/wallet-sanctions-report", "0.04"],
      ["POST", "/api/workflows/compliance/batch-wallet-screen", "0.10"],
      ["POST", "/api/workflows/compliance/edd-report", "0.25"],
    ]);
    expect(SCREENING_OPERATIONS.map((op) => op.name)).toEqual([
      "ofac_wallet_screen",
      "wallet_sanctions_report",
      "batch_wallet_screen",
      "edd_report",
    ]);
    for (const op of SCREENING_OPERATIONS) {
      expect(op.description.length, op.name).toBeGreaterThan(80);
      expect(op.description.length, op.name).toBeLessThan(400);
    }
  });

  it("every input example parses, and its run answers what the output example shows", async () => {
    for (const op of SCREENING_OPERATIONS) {
      const input = v.parse(op.input, op.inputExample);
      const output = await op.run(input as never, deps);
      expect(output, op.name).toMatchObject(op.outputExample as object);
      const { report } = output as { report: unknown };
      expect(parseReport(report, { accept: ["A"] }).degradations, op.name).toEqual([]);
    }
  });

  it("every example's report renders as PDF, DOCX and XLSX without degradation", async () => {
    for (const op of SCREENING_OPERATIONS) {
      const output = await op.run(v.parse(op.input, op.inputExample) as never, deps);
      const report = parseReport((output as { report: unknown }).report, { accept: ["A"] });
      for (const type of ["pdf", "docx", "xlsx"] as const) {
        const doc = await deps.render(type, report);
        expect(doc.degradations, `${op.name} ${type}`).toEqual([]);
        expect(doc.bytes.byteLength).toBeGreaterThan(1000);
      }
    }
  });

  it("publish strict JSON Schemas with a description on every member", () => {
    for (const op of SCREENING_OPERATIONS) {
      const schema = jsonSchemaOf(op.input) as {
        type: string;
        additionalProperties: boolean;
        properties: Record<string, { description?: string }>;
        required: string[];
      };
      expect(schema.type, op.name).toBe("object");
      expect(schema.additionalProperties, op.name).toBe(false);
      for (const [name, member] of Object.entries(schema.properties)) {
        expect(member.description, `${op.name}.${name}`).toMatch(/\w{3,}/);
      }
    }
    const edd = jsonSchemaOf(SCREENING_OPERATIONS[3].input) as {
      required: string[];
      properties: Record<string, Record<string, unknown>>;
    };
    expect(edd.required.sort()).toEqual(["addresses", "output_format", "subject_name"]);
    expect(edd.properties.addresses).toMatchObject({ type: "array", minItems: 1, maxItems: 100 });
    expect(edd.properties.output_format).toMatchObject({ enum: ["json", "pdf", "docx"] });
  });
});
