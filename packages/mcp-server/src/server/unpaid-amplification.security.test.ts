import { GENERATIONS, type McpTestClient } from "@svc/test-support/mcp-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../test-support/connect.js";
import { sampleDeps } from "../test-support/sample-deps.js";

/**
 * Unpaid amplification: arguments are checked before any payment, so a refusal must cost the
 * server little and say little whatever was sent: at most 20 issues, `moreIssues` for the rest,
 * a list of the wrong size refused by its size without validating its elements.
 */
const JUNK = 200_000;
const SMALL = 16 * 1024;
describe.each(GENERATIONS)("to a client of MCP %s", (generation) => {
  let client: McpTestClient;

  beforeAll(async () => {
    // Standalone: every tool is free, so nothing stands before the argument check.
    client = await connect({ deps: await sampleDeps() }, generation);
  });
  afterAll(async () => client?.close());

  interface Refusal {
    success: false;
    code: string;
    issues: { path: string; message: string }[];
    moreIssues?: number;
  }

  async function refusal(name: string, args: Record<string, unknown>) {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError).toBe(true);
    return { result, body: result.structuredContent as unknown as Refusal };
  }

  describe("unpaid amplification: refused tool arguments are answered small", () => {
    it("batch_wallet_screen with 200,000 junk addresses: the length alone, under 16 KB", async () => {
      const { result, body } = await refusal("batch_wallet_screen", {
        addresses: Array.from({ length: JUNK }, () => 1),
      });
      // No element was validated: the only issue is the bound of the list.
      expect(body.issues).toEqual([
        { path: "addresses", message: "addresses must hold 1 to 100 addresses" },
      ]);
      expect(body).not.toHaveProperty("moreIssues");
      expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThan(SMALL);
    });

    it("batch_wallet_screen with 100 bad addresses: 20 issues and moreIssues 80, in both forms", async () => {
      const { result, body } = await refusal("batch_wallet_screen", {
        addresses: Array.from({ length: 100 }, () => 1),
      });
      expect(body.code).toBe("INVALID_INPUT");
      expect(body.issues).toHaveLength(20);
      expect(body.issues[0]).toEqual({
        path: "addresses[0]",
        message: "each address must be a string; got a number",
      });
      expect(body.moreIssues).toBe(80);
      const text = (result.content as { type: string; text: string }[])[0]?.text ?? "";
      expect(JSON.parse(text)).toEqual(body);
      expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThan(SMALL);
    });

    it("report_pdf_generate with 200,000 `{}` sent as its tables: one issue, under 16 KB", async () => {
      const { result, body } = await refusal("report_pdf_generate", {
        report_meta: {},
        tables: Array.from({ length: JUNK }, () => ({})),
      });
      expect(body.issues).toEqual([
        { path: "tables", message: "tables must be an object; got an array" },
      ]);
      expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThan(SMALL);
    });

    it("report_pdf_generate with 200,000 `{}` headline metrics (at most 100): the length alone", async () => {
      const { result, body } = await refusal("report_pdf_generate", {
        report_meta: {},
        tables: {},
        headline_metrics: Array.from({ length: JUNK }, () => ({})),
      });
      expect(body.issues).toEqual([
        {
          path: "headline_metrics",
          message: "headline_metrics must hold at most 100 items; got 200000",
        },
      ]);
      expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThan(SMALL);
    });

    it("report_docx_generate with 200,001 `{}` rows (a DOCX holds at most 5,000): refused on its size alone, before validation", async () => {
      const { result, body } = await refusal("report_docx_generate", {
        report_meta: {},
        tables: { t: { columns: ["a"], rows: Array.from({ length: JUNK + 1 }, () => ({})) } },
      });
      expect(body).toMatchObject({
        code: "REPORT_TOO_LARGE",
        error: expect.stringContaining("200001 table rows"),
      });
      expect(body.issues).toBeUndefined();
      expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThan(SMALL);
    });

    it("a refusal of the run (InputError) carries moreIssues too: 50 bad scenarios list 20", async () => {
      const { body } = await refusal("monte_carlo_decision_report", {
        analysis_type: "batch-probability",
        request: {
          scenarios: Array.from({ length: 50 }, () => ({
            label: 1,
            parameters: { a: 1 },
            threshold: 1,
          })),
        },
      });
      expect(body.code).toBe("INVALID_INPUT");
      expect(body.issues).toHaveLength(20);
      expect(body.moreIssues).toBe(30);
    });
  });
});
