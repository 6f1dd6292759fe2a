import { describe, expect, it } from "vitest";
import { execute } from "../../execution/execute.js";
import { sampleDeps } from "../../test-support/sample-deps.js";
import { DOCUMENT_ENDPOINTS } from "../screening/envelope.js";
import { DOCUMENT_OPERATIONS } from "./index.js";
import { reportDocxGenerate } from "./report-docx-generate.js";
import { reportPdfGenerate } from "./report-pdf-generate.js";
import { reportXlsxGenerate } from "./report-xlsx-generate.js";

describe("DOCUMENT_OPERATIONS", () => {
  it("holds the four document routes at their paths and prices", () => {
    expect(DOCUMENT_OPERATIONS.map((op) => [op.method, op.path, op.price, op.category])).toEqual([
      ["POST", "/api/tools/report/generate", "0.05", "document"],
      ["POST", "/api/tools/report/pdf/generate", "0.05", "document"],
      ["POST", "/api/tools/report/docx/generate", "0.06", "document"],
      ["POST", "/api/tools/report/xlsx/generate", "0.07", "document"],
    ]);
  });

  it("are the routes the workflow answers point to in artifacts.document_endpoints", () => {
    expect(DOCUMENT_ENDPOINTS).toEqual({
      pdf: reportPdfGenerate.path,
      docx: reportDocxGenerate.path,
      xlsx: reportXlsxGenerate.path,
    });
  });

  it("each input example is valid input, and its real run answers what the output example shows", async () => {
    const deps = await sampleDeps();
    for (const op of DOCUMENT_OPERATIONS) {
      const handled = await execute(op, op.inputExample, deps);
      if (!handled.ok) throw new Error(`${op.name}: ${handled.failure.message}`);
      const answer = handled.output as {
        data: { artifact: { sizeBytes: number; contentBase64: string } };
      };
      expect(answer, op.name).toMatchObject(op.outputExample as object);
      expect(op.outputExample, op.name).not.toHaveProperty("data.artifact.contentBase64");
      const bytes = Buffer.from(answer.data.artifact.contentBase64, "base64");
      expect(bytes.byteLength, op.name).toBe(answer.data.artifact.sizeBytes);
    }
  });
});
