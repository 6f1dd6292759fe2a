import { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";
import { exposureForecast, queueOptimize } from "@svc/compliance";
import { ListLoader } from "@svc/ofac-index/node";
import { MCP_PAYMENT_RESPONSE_META } from "@svc/payments";
import { jsonSchemaOf } from "@svc/report-model";
import { GENERATIONS, type McpTestClient } from "@svc/test-support/mcp-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverCardOf } from "../card/server-card.js";
import { connect } from "../test-support/connect.js";
import { sampleDeps } from "../test-support/sample-deps.js";
import { TOOLS } from "../tools/catalog.js";
import type { AnyTool } from "../tools/tool.js";
import { outputSchemaOf } from "./tool-listing.js";

// Every tool declares an outputSchema derived from its valibot answer schema, in the server card
// (`tools/list` leaves it out to stay lean); every result a real call gives (answers in every
// format, refusals) is checked against it here with the SDK's own validator.
const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const ajv = new AjvJsonSchemaValidator();
describe.each(GENERATIONS)("to a client of MCP %s", (generation) => {
  let client: McpTestClient;
  let listed: Map<string, Record<string, unknown>>;

  beforeAll(async () => {
    client = await connect({ deps: await sampleDeps() }, generation);
    const card = serverCardOf({ baseUrl: "https://screen.test" });
    listed = new Map(card.tools.map((t) => [t.name, t.outputSchema]));
  });
  afterAll(async () => client?.close());

  const toolNamed = (name: string): AnyTool => {
    const tool = TOOLS.find((t) => t.name === name);
    if (tool === undefined) throw new Error(`no tool ${name}`);
    return tool;
  };

  /** The structured content of a real call, checked against the tool's declared output schema. */
  async function checkedCall(name: string, args: Record<string, unknown>) {
    const r = await client.callTool({ name, arguments: args });
    const declared = ajv.getValidator(listed.get(name) ?? {})(r.structuredContent);
    expect(declared.valid, `${name}: ${declared.errorMessage}`).toBe(true);
    return r;
  }

  /** The answer alone (no refusal alternative) validates: a success is an answer, not a refusal. */
  function expectAnswer(name: string, structured: unknown) {
    const answer = ajv.getValidator(jsonSchemaOf(toolNamed(name).output))(structured);
    expect(answer.valid, `${name}: ${answer.errorMessage}`).toBe(true);
  }

  describe("outputSchema", () => {
    it("the server card declares one for every tool, an object schema, the same as outputSchemaOf; tools/list none", async () => {
      for (const listedTool of (await client.listTools()).tools) {
        expect(listedTool.outputSchema, listedTool.name).toBeUndefined();
      }
      expect(listed.size).toBe(TOOLS.length);
      for (const tool of TOOLS) {
        const schema = listed.get(tool.name);
        expect(schema, tool.name).toMatchObject({ type: "object" });
        expect(schema).toEqual(JSON.parse(JSON.stringify(outputSchemaOf(tool))));
      }
    });

    it("every tool's answer to its example validates against its declared schema", async () => {
      for (const tool of TOOLS) {
        const r = await checkedCall(tool.name, tool.inputExample as Record<string, unknown>);
        expect(r.isError, tool.name).toBeFalsy();
        expectAnswer(tool.name, r.structuredContent);
      }
    });

    it("answers in every output format validate too", async () => {
      const calls: [string, Record<string, unknown>][] = [
        ["ofac_wallet_report", { address: LAZARUS, output_format: "json" }],
        ["ofac_wallet_report", { address: LAZARUS, output_format: "docx" }],
        ["edd_report", { subject_name: "Acme", addresses: [LAZARUS], output_format: "json" }],
        ["edd_report", { subject_name: "Acme", addresses: [LAZARUS], output_format: "pdf" }],
        [
          "monte_carlo_report",
          { ...(toolNamed("monte_carlo_report").inputExample as object), output_format: "json" },
        ],
        [
          "monte_carlo_report",
          { ...(toolNamed("monte_carlo_report").inputExample as object), output_format: "docx" },
        ],
      ];
      for (const [name, args] of calls) {
        const r = await checkedCall(name, args);
        expect(r.isError, `${name} ${JSON.stringify(args.output_format)}`).toBeFalsy();
        expectAnswer(name, r.structuredContent);
      }
    });

    it("refusals (isError, the failure body) validate, and the SDK's Client takes them as they are", async () => {
      for (const tool of TOOLS) {
        const r = await checkedCall(tool.name, { not_a_member: 1 });
        expect(r.isError, tool.name).toBe(true);
        expect(r.structuredContent).toMatchObject({ success: false, code: "INVALID_INPUT" });
      }
    });

    it("list_status validates with no list loaded (status unavailable)", async () => {
      const deps = { ...(await sampleDeps()), list: new ListLoader({ sampleFallback: false }) };
      const c = await connect({ deps }, generation);
      const { tools } = await c.listTools();
      const r = await c.callTool({ name: "list_status", arguments: {} });
      const schema = tools.find((t) => t.name === "list_status")?.outputSchema ?? {};
      expect(ajv.getValidator(schema)(r.structuredContent).valid).toBe(true);
      expect(r.structuredContent).toEqual({
        success: true,
        data: { status: "unavailable", sourceFreshness: null },
      });
      await c.close();
    });
  });

  describe("the workflow tools (standalone: free)", () => {
    it("exposure_forecast answers exactly what the exposure forecast route answers", async () => {
      const r = await checkedCall("exposure_forecast", exposureForecast.inputExample);
      expect(r.isError).toBeFalsy();
      const route = await exposureForecast.run(exposureForecast.inputExample, await sampleDeps());
      expect(r.structuredContent).toEqual(JSON.parse(JSON.stringify(route)));
      // Free here: no receipt (the 2026-07-28 revision stamps the server's identity instead).
      expect(r._meta?.[MCP_PAYMENT_RESPONSE_META]).toBeUndefined();
    });

    it("queue_optimize answers exactly what the review-queue optimizer route answers", async () => {
      const r = await checkedCall("queue_optimize", queueOptimize.inputExample);
      expect(r.isError).toBeFalsy();
      const route = await queueOptimize.run(queueOptimize.inputExample, await sampleDeps());
      expect(r.structuredContent).toEqual(JSON.parse(JSON.stringify(route)));
    });

    it("both refuse what the routes refuse, with the field path", async () => {
      const r = await checkedCall("queue_optimize", { review_items: [], review_budget: 0 });
      expect(r.isError).toBe(true);
      expect(r.structuredContent).toMatchObject({ code: "INVALID_INPUT" });
      const f = await checkedCall("exposure_forecast", { addresses: [LAZARUS], horizon_days: 3 });
      expect(f.structuredContent).toMatchObject({
        code: "INVALID_INPUT",
        issues: [{ path: "horizon_days" }],
      });
    });
  });
});
