import { ofacWalletScreen } from "@svc/compliance";
import { ListLoader } from "@svc/ofac-index/node";
import {
  type CallResult,
  GENERATIONS,
  type McpTestClient,
  protocolErrorOf,
} from "@svc/test-support/mcp-client";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../test-support/connect.js";
import { pdfText, resourcesOf } from "../test-support/read-documents.js";
import { sampleDeps } from "../test-support/sample-deps.js";
import { TOOLS } from "../tools/catalog.js";
import { inputSchemaOf } from "./tool-listing.js";

const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
describe.each(GENERATIONS)("the tool server, to a client of MCP %s", (generation) => {
  let client: McpTestClient;

  beforeAll(async () => {
    client = await connect({ deps: await sampleDeps() }, generation);
  });
  afterAll(async () => client?.close());

  type Result = CallResult;
  const call = (name: string, args: Record<string, unknown>): Promise<Result> =>
    client.callTool({ name, arguments: args });
  const promptText = (r: Awaited<ReturnType<McpTestClient["getPrompt"]>>) =>
    r.messages[0]?.content.text ?? "";
  const textOf = (r: Result) => (r.content as { type: string; text?: string }[])[0]?.text ?? "";

  describe("tools/list", () => {
    it("lists the nine tools of the interface in order, then list_status and the two workflows, titled for people, read-only (nothing is charged here)", async () => {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual([
        "server_capabilities",
        "ofac_wallet_screen",
        "ofac_wallet_report",
        "batch_wallet_screen",
        "edd_report",
        "monte_carlo_report",
        "monte_carlo_decision_report",
        "report_pdf_generate",
        "report_docx_generate",
        "list_status",
        "exposure_forecast",
        "queue_optimize",
      ]);
      for (const tool of tools) {
        expect(tool.title).not.toBe(tool.name);
        expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
        expect(tool.inputSchema).toMatchObject({ type: "object", additionalProperties: false });
        expect(tool.description?.length).toBeGreaterThan(40);
      }
    });

    it("publishes each tool's bounds in its input schema", async () => {
      const { tools } = await client.listTools();
      const schema = (name: string) =>
        tools.find((t) => t.name === name)?.inputSchema as {
          properties: Record<string, Record<string, unknown>>;
          required?: string[];
        };
      expect(schema("ofac_wallet_screen").properties.address).toMatchObject({ minLength: 10 });
      expect(schema("ofac_wallet_screen").properties.asset).toMatchObject({ minLength: 2 });
      expect(schema("ofac_wallet_screen").required).toEqual(["address"]);
      expect(schema("ofac_wallet_report").required).toEqual(["address", "output_format"]);
      expect(schema("ofac_wallet_report").properties.output_format).toMatchObject({
        enum: ["json", "pdf", "docx"],
      });
      expect(schema("batch_wallet_screen").properties.addresses).toMatchObject({
        minItems: 1,
        maxItems: 100,
        items: { minLength: 10 },
      });
      const edd = schema("edd_report");
      expect(edd.properties.subject_name).toMatchObject({ minLength: 2 });
      expect(edd.properties.addresses).toMatchObject({ items: { minLength: 10 } });
      expect(edd.properties).not.toHaveProperty("artifact_only");
      expect(schema("monte_carlo_report").required).toEqual([
        "analysis_type",
        "request",
        "output_format",
      ]);
      expect(schema("monte_carlo_decision_report").required).toEqual(["analysis_type", "request"]);
      expect(schema("monte_carlo_decision_report").properties).not.toHaveProperty("output_format");
      for (const name of ["report_pdf_generate", "report_docx_generate"]) {
        expect(schema(name).required).toEqual(["report_meta", "tables"]);
        // Listed within its budget by its arguments; the whole schema is the server card's.
        expect(schema(name).properties.headline_metrics).toEqual({ type: "array" });
        const whole = inputSchemaOf(TOOLS.find((t) => t.name === name)!) as unknown as {
          properties: Record<string, Record<string, unknown>>;
        };
        expect(whole.properties.headline_metrics).toMatchObject({
          items: { required: ["label"] },
        });
      }
    });

    it("every tool's example passes its own schema", () => {
      for (const tool of TOOLS) {
        expect(v.safeParse(tool.input, tool.inputExample).success, tool.name).toBe(true);
      }
    });
  });

  describe("tools/call", () => {
    it("ofac_wallet_screen answers exactly what GET /api/ofac-wallet-screen/:address answers, as structured content and JSON text", async () => {
      const r = await call("ofac_wallet_screen", { address: LAZARUS });
      expect(r.isError).toBeFalsy();
      const route = await ofacWalletScreen.run({ address: LAZARUS }, await sampleDeps());
      expect(r.structuredContent).toEqual(JSON.parse(JSON.stringify(route)));
      expect(JSON.parse(textOf(r))).toEqual(r.structuredContent);
      expect(r.structuredContent).toMatchObject({ data: { summary: { status: "match" } } });
    });

    it("every tool answers its example", async () => {
      for (const tool of TOOLS) {
        const r = await call(tool.name, tool.inputExample as Record<string, unknown>);
        expect(r.isError, `${tool.name}: ${textOf(r).slice(0, 300)}`).toBeFalsy();
        expect(r.structuredContent).toMatchObject({ success: true });
      }
    });

    it("ofac_wallet_report pdf returns the PDF once, as an embedded resource a reader can read", async () => {
      const r = await call("ofac_wallet_report", { address: LAZARUS, output_format: "pdf" });
      const [pdf, ...others] = resourcesOf(r);
      expect(others).toEqual([]);
      expect(pdf?.mimeType).toBe("application/pdf");
      const text = pdfText(pdf?.blob ?? "");
      expect(text).toContain("Lazarus Group");
      expect(text).toContain(LAZARUS);
      // The structured content names the file and points at the resource; the bytes travel once.
      const artifact = (r.structuredContent as { artifact: Record<string, unknown> }).artifact;
      expect(artifact).toMatchObject({ type: "pdf", resourceUri: pdf?.uri });
      expect(artifact).not.toHaveProperty("contentBase64");
      expect(textOf(r)).not.toContain(pdf?.blob.slice(0, 200));
    });

    it("edd_report docx carries its file as one resource, though the answer names it twice", async () => {
      const r = await call("edd_report", {
        subject_name: "Northwind OTC Ltd",
        addresses: [LAZARUS],
        output_format: "docx",
      });
      expect(r.isError).toBeFalsy();
      const resources = resourcesOf(r);
      expect(resources).toHaveLength(1);
      expect(resources[0]?.mimeType).toMatch(/wordprocessingml/);
      expect(
        Buffer.from(resources[0]?.blob ?? "", "base64")
          .subarray(0, 2)
          .toString(),
      ).toBe("PK");
      const answer = r.structuredContent as {
        artifact: { resourceUri: string };
        output: { artifact: { resourceUri: string } };
      };
      expect(answer.output.artifact.resourceUri).toBe(answer.artifact.resourceUri);
    });

    it("refuses an unknown member with its path", async () => {
      const r = await call("ofac_wallet_screen", { address: LAZARUS, chain: "eth" });
      expect(r.isError).toBe(true);
      expect(r.structuredContent).toMatchObject({
        success: false,
        code: "INVALID_INPUT",
        issues: [
          {
            path: "chain",
            message: 'unknown member "chain": this object accepts address, asset only',
          },
        ],
      });
    });

    it("refuses a string that is no address with INVALID_ADDRESS and its path, as the route does", async () => {
      const r = await call("batch_wallet_screen", { addresses: [LAZARUS, "0x1234"] });
      expect(r.structuredContent).toMatchObject({
        code: "INVALID_ADDRESS",
        issues: [
          {
            path: "addresses[1]",
            message: expect.stringContaining('addresses[1] "0x1234" is not an address'),
          },
        ],
      });
    });

    it("refuses a missing required member, a wrong type and a subject name of one letter", async () => {
      expect(
        (await call("ofac_wallet_report", { address: LAZARUS })).structuredContent,
      ).toMatchObject({
        issues: [{ path: "output_format" }],
      });
      expect((await call("ofac_wallet_screen", { address: 42 })).structuredContent).toMatchObject({
        issues: [{ path: "address", message: "address must be a string; got a number" }],
      });
      const edd = await call("edd_report", {
        subject_name: "X",
        addresses: [LAZARUS],
        output_format: "json",
      });
      expect(edd.structuredContent).toMatchObject({
        issues: [
          {
            path: "subject_name",
            message: "subject_name must be 2 to 200 characters; this one has 1",
          },
        ],
      });
    });

    it("refuses the route's artifact_only on edd_report (not a tool member)", async () => {
      const r = await call("edd_report", {
        subject_name: "Northwind OTC Ltd",
        addresses: [LAZARUS],
        output_format: "pdf",
        artifact_only: true,
      });
      expect(r.structuredContent).toMatchObject({ issues: [{ path: "artifact_only" }] });
    });

    it("a Monte Carlo request is checked per analysis type, with the request's paths", async () => {
      const r = await call("monte_carlo_decision_report", {
        analysis_type: "compare",
        request: { baseline: { parameters: { a: 1 }, threshold: 1 } },
      });
      expect(r.isError).toBe(true);
      expect(r.structuredContent).toMatchObject({
        code: "INVALID_INPUT",
        issues: expect.arrayContaining([expect.objectContaining({ path: "request.candidate" })]),
      });
    });

    it("an unknown tool is a protocol error (-32602) naming the tools there are", async () => {
      const error = await protocolErrorOf(call("ofac_wallet_delete", {}));
      expect(error.code).toBe(-32602);
      expect(error.message).toMatch(/ofac_wallet_screen/);
    });
  });

  describe("failing closed", () => {
    it("without a loaded list, screening is refused (LIST_UNAVAILABLE), never answered clear", async () => {
      const deps = await sampleDeps();
      const unloaded = new ListLoader({ sampleFallback: false });
      const c = await connect({ deps: { ...deps, list: unloaded } }, generation);
      for (const [name, args] of [
        ["ofac_wallet_screen", { address: LAZARUS }],
        ["batch_wallet_screen", { addresses: [LAZARUS] }],
        ["ofac_wallet_report", { address: LAZARUS, output_format: "json" }],
      ] as const) {
        const r = await c.callTool({ name, arguments: args });
        expect(r.isError, name).toBe(true);
        expect(r.structuredContent).toMatchObject({ success: false, code: "LIST_UNAVAILABLE" });
        expect(JSON.stringify(r)).not.toMatch(/"status":"clear"/);
      }
      await c.close();
    });

    it("a fault is reported to the operator and answered without internals", async () => {
      const deps = await sampleDeps();
      const faults: unknown[] = [];
      const c = await connect(
        {
          deps: {
            ...deps,
            render: async () => {
              throw new TypeError("secret path /srv/internal/renderer.js:42");
            },
          },
          onFault: (error) => faults.push(error),
        },
        generation,
      );
      const r = await c.callTool({
        name: "ofac_wallet_report",
        arguments: { address: LAZARUS, output_format: "pdf" },
      });
      expect(r.isError).toBe(true);
      expect(r.structuredContent).toMatchObject({ code: "INTERNAL_ERROR" });
      expect(JSON.stringify(r)).not.toMatch(/secret|\/srv/);
      expect(faults).toHaveLength(1);
      await c.close();
    });
  });

  describe("prompt arguments are checked, not only present", () => {
    it.each([
      ["report_artifact_brief", { format: "xlsx" }, /format: must be one of pdf, docx/],
      ["decision_report_brief", { analysis_type: "astrology" }, /analysis_type: must be one of/],
      ["exposure_forecast_brief", { addresses: LAZARUS, horizon_days: "ten" }, /horizon_days/],
      ["exposure_forecast_brief", { addresses: LAZARUS, horizon_days: "400" }, /7 to 365/],
      ["queue_optimization_brief", { review_items: LAZARUS, review_budget: "-3" }, /review_budget/],
      ["batch_wallet_screening_brief", { addresses: " , " }, /at least one address/],
    ])("%s refuses %j", async (name, args, message) => {
      await expect(client.getPrompt({ name, arguments: args })).rejects.toThrow(message);
    });
  });

  describe("faults outside the run", () => {
    it("a payment layer that throws answers INTERNAL_ERROR without internals, and is reported", async () => {
      const faults: unknown[] = [];
      const c = await connect(
        {
          deps: await sampleDeps(),
          gateFor: () => {
            throw new Error("gate misconfigured: key 0xdeadbeef");
          },
          onFault: (error, tool) => faults.push([tool, error]),
        },
        generation,
      );
      const r = await c.callTool({ name: "ofac_wallet_screen", arguments: { address: LAZARUS } });
      expect(r.structuredContent).toMatchObject({ success: false, code: "INTERNAL_ERROR" });
      expect(JSON.stringify(r)).not.toMatch(/deadbeef|misconfigured/);
      expect(faults).toHaveLength(1);
      // The free tool does not touch the payment layer.
      const free = await c.callTool({ name: "server_capabilities", arguments: {} });
      expect(free.isError).toBeFalsy();
      await c.close();
    });
  });

  describe("prompts", () => {
    it("lists the six prompts with their arguments", async () => {
      const { prompts } = await client.listPrompts();
      const args = Object.fromEntries(
        prompts.map((p) => [
          p.name,
          (p.arguments ?? []).map((a) => `${a.name}${a.required ? "*" : ""}`),
        ]),
      );
      expect(args).toEqual({
        batch_wallet_screening_brief: ["addresses*", "asset"],
        wallet_ofac_screening_brief: ["address*", "asset"],
        decision_report_brief: ["analysis_type*", "decision_title", "objective"],
        report_artifact_brief: ["format*", "title", "audience"],
        exposure_forecast_brief: ["addresses*", "horizon_days"],
        queue_optimization_brief: ["review_items*", "review_budget*"],
      });
    });

    it("expands a prompt into a user message that names the tool and the input", async () => {
      const r = await client.getPrompt({
        name: "batch_wallet_screening_brief",
        arguments: {
          addresses: `${LAZARUS}, 0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe`,
          asset: "ETH",
        },
      });
      const text = promptText(r);
      expect(r.messages[0]?.role).toBe("user");
      expect(text).toContain("batch_wallet_screen");
      expect(text).toContain(`["${LAZARUS}","0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe"]`);
      expect(text).toContain('asset: "ETH"');
    });

    it("the forecast and queue briefs point at the exposure_forecast and queue_optimize tools", async () => {
      const forecast = await client.getPrompt({
        name: "exposure_forecast_brief",
        arguments: { addresses: LAZARUS, horizon_days: "30" },
      });
      expect(promptText(forecast)).toMatch(/exposure_forecast tool .*"horizon_days": 30/s);
      expect(promptText(forecast)).not.toContain("/api/");
      const queue = await client.getPrompt({
        name: "queue_optimization_brief",
        arguments: { review_items: LAZARUS, review_budget: "2" },
      });
      expect(promptText(queue)).toMatch(/queue_optimize tool .*"review_budget": 2/s);
      expect(promptText(queue)).not.toContain("/api/");
    });

    it("refuses a missing required argument, an unknown argument and an unknown prompt", async () => {
      await expect(
        client.getPrompt({ name: "queue_optimization_brief", arguments: { review_items: "a" } }),
      ).rejects.toThrow(/review_budget is required/);
      await expect(
        client.getPrompt({
          name: "wallet_ofac_screening_brief",
          arguments: { address: LAZARUS, x: "1" },
        }),
      ).rejects.toThrow(/unknown member "x": this object accepts address, asset only/);
      await expect(client.getPrompt({ name: "nope", arguments: {} })).rejects.toThrow(
        /Unknown prompt "nope"/,
      );
    });
  });
});
