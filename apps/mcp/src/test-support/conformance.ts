import { PROMPTS, TOOLS } from "@svc/mcp-server";
import { type CallResult, type McpTestClient, protocolErrorOf } from "@svc/test-support/mcp-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docxText, pdfText } from "./documents.js";

const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const PDF = "application/pdf";
const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** The tools whose example answers carry a document, and what the document must say. */
const DOCUMENTS: Record<string, { mimeType: string; says: readonly string[] }> = {
  ofac_wallet_report: {
    mimeType: PDF,
    says: ["OFAC Wallet Screening Report", LISTED, "Lazarus Group"],
  },
  monte_carlo_report: { mimeType: PDF, says: ["Scenario success probability"] },
  report_pdf_generate: {
    mimeType: PDF,
    says: ["OFAC Batch Wallet Screening Report", "Compliance desk"],
  },
  report_docx_generate: {
    mimeType: DOCX,
    says: ["OFAC Batch Wallet Screening Report", LISTED],
  },
};

/** The one document of a result: an embedded resource, named in the answer, saying `says`. */
async function expectDocument(
  result: CallResult,
  expected: { mimeType: string; says: readonly string[] },
): Promise<void> {
  const resources = (result.content as Content[]).filter((c) => c.type === "resource");
  expect(resources).toHaveLength(1);
  const resource = resources[0]?.resource;
  expect(resource?.mimeType).toBe(expected.mimeType);
  expect(resource?.uri).toMatch(/^artifact:\/\/report\/.+\.(pdf|docx)$/);
  expect(JSON.stringify(result.structuredContent)).toContain(resource?.uri);
  const bytes = Buffer.from(resource?.blob ?? "", "base64");
  const pdf = expected.mimeType === PDF;
  expect(bytes.subarray(0, 4).toString("latin1")).toBe(pdf ? "%PDF" : "PK\u0003\u0004");
  const text = pdf ? pdfText(bytes) : await docxText(bytes);
  for (const phrase of expected.says) expect(text).toContain(phrase);
}

const exampleOf = (name: string): object => {
  const example = TOOLS.find((t) => t.name === name)?.inputExample;
  if (typeof example !== "object" || example === null) throw new Error(`${name} has no example`);
  return example;
};

/** Documents in the formats the examples do not ask for. */
const OTHER_FORMATS: readonly [string, "pdf" | "docx", string][] = [
  ["ofac_wallet_report", "docx", "OFAC Wallet Screening Report"],
  ["edd_report", "pdf", "Northwind OTC Ltd"],
  ["edd_report", "docx", "Northwind OTC Ltd"],
  ["monte_carlo_report", "docx", "Scenario success probability"],
];

/** Arguments for every prompt (a prompt added to the server must be added here). */
const PROMPT_ARGUMENTS: Record<string, Record<string, string>> = {
  batch_wallet_screening_brief: {
    addresses: `${LISTED}, 0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe`,
  },
  wallet_ofac_screening_brief: { address: LISTED, asset: "ETH" },
  decision_report_brief: { analysis_type: "probability", decision_title: "Launch in Q3" },
  report_artifact_brief: { format: "docx", audience: "an auditor" },
  exposure_forecast_brief: { addresses: LISTED, horizon_days: "30" },
  queue_optimization_brief: { review_items: LISTED, review_budget: "5" },
};

interface Content {
  type: string;
  text?: string;
  resource?: { uri: string; mimeType?: string; blob?: string };
}

/**
 * What every transport of the tool server must do, checked with the SDK's own client: the
 * listings, every tool on its documented example, documents as embedded resources read back
 * with real tools, refusals, and the prompts.
 */
export function describeToolServer(
  transport: string,
  generation: string,
  connect: () => Promise<McpTestClient>,
): void {
  describe(`svc-mcp over ${transport}, to a client of MCP ${generation}`, () => {
    let client: McpTestClient;
    beforeAll(async () => {
      client = await connect();
    });
    afterAll(async () => {
      await client?.close();
    });

    it("lists exactly the 12 tools and 6 prompts, with the server's identity", async () => {
      expect(client.getServerVersion()?.name).toBe("ofac-wallet-screening");
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
      expect(tools).toHaveLength(12);
      for (const tool of tools) expect(tool.inputSchema.type).toBe("object");
      const { prompts } = await client.listPrompts();
      expect(prompts.map((p) => p.name)).toEqual(PROMPTS.map((p) => p.name));
      expect(prompts).toHaveLength(6);
      expect(Object.keys(PROMPT_ARGUMENTS).sort()).toEqual(PROMPTS.map((p) => p.name).sort());
    });

    it.each(TOOLS.map((t) => [t.name, t] as const))(
      "answers %s on its inputExample, free, with any document embedded",
      async (name, tool) => {
        const result = await client.callTool({
          name,
          arguments: tool.inputExample as Record<string, unknown>,
        });
        expect(result.isError ?? false, JSON.stringify(result.structuredContent)).toBe(false);
        expect(result.structuredContent).toMatchObject({ success: true });
        const content = result.content as Content[];
        expect(content[0]?.type).toBe("text");
        expect(JSON.parse(content[0]?.text ?? "")).toEqual(result.structuredContent);
        const expected = DOCUMENTS[name];
        if (expected !== undefined) await expectDocument(result, expected);
        else expect(content.filter((c) => c.type === "resource")).toEqual([]);
      },
    );

    it.each(OTHER_FORMATS)("renders %s as %s too", async (name, format, says) => {
      const result = await client.callTool({
        name,
        arguments: { ...exampleOf(name), output_format: format },
      });
      expect(result.isError ?? false, JSON.stringify(result.structuredContent)).toBe(false);
      await expectDocument(result, { mimeType: format === "pdf" ? PDF : DOCX, says: [says] });
    });

    it.each([
      ["an unknown member", { address: LISTED, bogus: 1 }, "bogus", "INVALID_INPUT"],
      ["a missing required argument", {}, "address", "INVALID_INPUT"],
      [
        "a string that is no address (0x + 4 hex digits)",
        { address: "0x1234" },
        "address",
        "INVALID_ADDRESS",
      ],
    ])("refuses %s, naming the field, with its code", async (_case, args, path, code) => {
      const result = await client.callTool({
        name: "ofac_wallet_screen",
        arguments: args,
      });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ success: false, code });
      const issues = (result.structuredContent as { issues: { path: unknown }[] }).issues;
      expect(issues.map((i) => i.path)).toContain(path);
    });

    it("answers an unknown tool with a JSON-RPC error (-32602), not a result", async () => {
      const error = await protocolErrorOf(
        client.callTool({ name: "ofac_wallet_delete", arguments: {} }),
      );
      expect(error.code).toBe(-32602);
      expect(error.message).toContain("ofac_wallet_delete");
    });

    it.each(Object.entries(PROMPT_ARGUMENTS))(
      "expands the prompt %s into one user message",
      async (name, args) => {
        const prompt = await client.getPrompt({ name, arguments: args });
        expect(prompt.messages).toHaveLength(1);
        const [message] = prompt.messages;
        expect(message?.role).toBe("user");
        expect(message?.content.type).toBe("text");
        const text = message?.content.type === "text" ? message.content.text : "";
        const first = Object.values(args)[0] as string;
        expect(text).toContain(first.split(",")[0]);
      },
    );

    it("refuses a prompt without its required argument, and an unknown prompt", async () => {
      const missing = await protocolErrorOf(
        client.getPrompt({ name: "wallet_ofac_screening_brief", arguments: {} }),
      );
      expect(missing.code).toBe(-32602);
      expect(missing.message).toContain("address is required");
      const unknown = await protocolErrorOf(
        client.getPrompt({ name: "no_such_brief", arguments: {} }),
      );
      expect(unknown.code).toBe(-32602);
    });
  });
}
