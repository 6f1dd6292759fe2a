import { TOOLS } from "@svc/mcp-server";
import { baseTerms } from "@svc/payments";
import { describe, expect, it } from "vitest";
import { FIXTURE_PAY_TO } from "../test-support/fixture-operations.js";
import { DEFAULT_MCP_CATALOG, mcpDocsOf, toolPriceLabel } from "./mcp-docs.js";

const baseUrl = "https://screen.example.com";
const docs = mcpDocsOf({ baseUrl, terms: [baseTerms(FIXTURE_PAY_TO)] });

describe("the MCP docs document", () => {
  it("names the tool server and its companions under the base URL", () => {
    expect(docs.endpoint).toBe(`${baseUrl}/mcp`);
    expect(docs.clientConfig.streamableHttp).toEqual({
      mcpServers: { "ofac-screening": { url: `${baseUrl}/mcp` } },
    });
    expect(docs.links).toMatchObject({
      docs: `${baseUrl}/mcp/docs`,
      serverCard: `${baseUrl}/.well-known/mcp/server-card.json`,
      catalog: `${baseUrl}/api`,
    });
    expect(docs.payment).toMatchObject({ payTo: FIXTURE_PAY_TO, maxTimeoutSeconds: 60 });
    expect(docs.payment.steps).toHaveLength(4);
  });

  it("lists every tool and prompt of the catalog, paid ones with their atomic amounts", () => {
    expect(docs.tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    expect(docs.promptCount).toBe(DEFAULT_MCP_CATALOG.prompts.length);
    for (const tool of docs.tools) {
      expect(tool.free).toBe(tool.priceUsd === null);
      expect(tool.paymentResource).toBe(tool.free ? null : `${docs.endpoint}?tool=${tool.name}`);
      for (const [format, price] of Object.entries(tool.priceUsd ?? {})) {
        expect(tool.amount?.[format]).toBe(String(Math.round(Number(price) * 1e6)));
      }
    }
    expect([...docs.payment.requiredFor, ...docs.payment.notRequiredFor].sort()).toEqual(
      docs.tools.map((t) => t.name).sort(),
    );
  });

  it("says a price the way people read it", () => {
    expect(toolPriceLabel(null)).toBe("Free");
    expect(toolPriceLabel({ default: "0.01" })).toBe("$0.01 USDC");
    expect(toolPriceLabel({ default: "0.04", pdf: "0.09" })).toBe(
      "$0.04 USDC; output_format pdf: $0.09 USDC",
    );
  });
});
