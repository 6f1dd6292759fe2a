import { listedTool, PROMPTS, serverCardOf, TOOLS } from "@svc/mcp-server";
import { baseTerms } from "@svc/payments";
import type { McpDocs } from "@svc/service-docs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BROWSER,
  type DiscoveryApp,
  startDiscoveryApp,
} from "../discovery/test-support/discovery-app.js";

// The tool server's documents, served by the whole app: the server card, GET /mcp and /mcp/docs,
// and the links the other documents and pages now give to them.
let svc: DiscoveryApp;
beforeAll(async () => {
  svc = await startDiscoveryApp();
});
afterAll(async () => {
  await svc?.stop();
});

const CURL = { Accept: "*/*" };
const get = (path: string, headers: Record<string, string> = {}) => svc.get(path, headers);

/** The deployed prices of the tools, USDC. */
const PRICES: Record<string, Record<string, string> | null> = {
  server_capabilities: null,
  ofac_wallet_screen: { default: "0.01" },
  ofac_wallet_report: { default: "0.04", pdf: "0.09", docx: "0.10" },
  batch_wallet_screen: { default: "0.10" },
  edd_report: { default: "0.25" },
  monte_carlo_report: { default: "0.29" },
  monte_carlo_decision_report: { default: "0.09" },
  report_pdf_generate: { default: "0.05" },
  report_docx_generate: { default: "0.06" },
  list_status: null,
  exposure_forecast: { default: "0.09" },
  queue_optimize: { default: "0.15" },
};

interface Card {
  serverInfo: Record<string, unknown>;
  configSchema: {
    properties: Record<string, { enum?: string[]; format?: string; default?: string }>;
    additionalProperties: boolean;
  };
  prompts: { name: string; arguments: { name: string; required: boolean }[] }[];
  tools: {
    name: string;
    title: string;
    description: string;
    inputSchema: Record<string, unknown>;
    annotations: Record<string, unknown>;
    priceUsd: Record<string, string> | null;
  }[];
}

describe("GET /.well-known/mcp/server-card.json", () => {
  it("serves the package's server card for the base URL the client used (its shape is tested in @svc/mcp-server)", async () => {
    const res = await get("/.well-known/mcp/server-card.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(
      JSON.parse(
        JSON.stringify(
          serverCardOf({ baseUrl: "http://screen.test", paidOn: [baseTerms(svc.devnet.payTo)] }),
        ),
      ),
    );
  });

  it("lists the six prompts with their arguments and the twelve tools whole (their full schemas, which tools/list leaves lean), with prices", async () => {
    const card = (await (await get("/.well-known/mcp/server-card.json")).json()) as Card;
    expect(card.prompts.map((p) => p.name)).toEqual(PROMPTS.map((p) => p.name));
    const required = Object.fromEntries(
      card.prompts.map((p) => [p.name, p.arguments.filter((a) => a.required).map((a) => a.name)]),
    );
    expect(required).toEqual({
      batch_wallet_screening_brief: ["addresses"],
      wallet_ofac_screening_brief: ["address"],
      decision_report_brief: ["analysis_type"],
      report_artifact_brief: ["format"],
      exposure_forecast_brief: ["addresses"],
      queue_optimization_brief: ["review_items", "review_budget"],
    });
    expect(card.tools).toHaveLength(12);
    for (const [i, tool] of card.tools.entries()) {
      const { priceUsd, ...listed } = tool;
      expect(listed).toEqual(JSON.parse(JSON.stringify(listedTool(TOOLS[i]!))));
      expect(Object.keys(listed).sort()).toEqual([
        "annotations",
        "description",
        "inputSchema",
        "name",
        "outputSchema",
        "title",
      ]);
      expect(tool.annotations.readOnlyHint).toBe(priceUsd === null);
      expect(priceUsd).toEqual(PRICES[tool.name]);
    }
  });

  it("names the address the client used, or the configured base URL", async () => {
    const here = await svc.app.request("http://x.test/.well-known/mcp/server-card.json", {
      headers: { Host: "tunnel.example:8443", "X-Forwarded-Proto": "https" },
    });
    expect(((await here.json()) as { transport: { url: string } }).transport.url).toBe(
      "https://tunnel.example:8443/mcp",
    );
    const configured = await startDiscoveryApp({ baseUrl: "https://api.example.com/" });
    try {
      const res = await configured.app.request("http://x.test/.well-known/mcp/server-card.json", {
        headers: { Host: "evil.test" },
      });
      expect(((await res.json()) as { transport: { url: string } }).transport.url).toBe(
        "https://api.example.com/mcp",
      );
    } finally {
      await configured.stop();
    }
  });
});

describe("GET /mcp", () => {
  it("describes the endpoint as JSON to a client that does not ask for HTML", async () => {
    for (const headers of [CURL, { Accept: "application/json" }, {}]) {
      const res = await get("/mcp", headers);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.headers.get("vary")).toMatch(/Accept/);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        name: "ofac-wallet-screening",
        version: "0.1.2",
        endpoint: "http://screen.test/mcp",
        payment: { paymentRequired: true, paymentProtocol: "x402" },
        links: {
          docs: "http://screen.test/mcp/docs",
          serverCard: "http://screen.test/.well-known/mcp/server-card.json",
          api: "http://screen.test/api",
        },
        prompts: PROMPTS.map((p) => p.name),
      });
      expect((body.tools as { name: string }[]).map((t) => t.name)).toEqual(
        TOOLS.map((t) => t.name),
      );
      expect(body.payment).toHaveProperty("how", expect.stringContaining("x402/payment"));
    }
  });

  it("is the docs page for a browser, and JSON again with ?format=json", async () => {
    const page = await get("/mcp", BROWSER);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(await page.text()).toContain("<title>MCP tool server</title>");
    const json = await get("/mcp?format=json", BROWSER);
    expect(await json.json()).toMatchObject({ endpoint: "http://screen.test/mcp" });
  });

  it("HEAD answers like GET, without a body", async () => {
    const res = await svc.app.request("http://screen.test/mcp", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });
});

describe("GET /mcp/docs", () => {
  const docsJson = async (headers: Record<string, string> = BROWSER, query = "?format=json") => {
    const res = await get(`/mcp/docs${query}`, headers);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    return (await res.json()) as McpDocs;
  };

  it("is JSON with ?format=json or Accept: application/json: server, transport, payment, client config, links", async () => {
    for (const docs of [await docsJson(), await docsJson({ Accept: "application/json" }, "")]) {
      expect(docs).toMatchObject({
        title: "MCP tool server",
        server: { name: "ofac-wallet-screening", version: "0.1.2" },
        endpoint: "http://screen.test/mcp",
        transport: { type: "streamable-http", url: "http://screen.test/mcp", stateless: true },
        capabilities: { tools: true, resources: false, prompts: true },
        authentication: { required: false, schemes: [] },
        payment: {
          protocol: "x402",
          x402Version: 2,
          scheme: "exact",
          network: "eip155:8453",
          networkLabel: "USDC on Base",
          payTo: svc.devnet.payTo,
          maxTimeoutSeconds: 60,
          paymentMeta: "x402/payment",
          receiptMeta: "x402/payment-response",
          requiredFor: TOOLS.filter((t) => t.pricing.kind === "paid").map((t) => t.name),
          notRequiredFor: ["server_capabilities", "list_status"],
        },
        clientConfig: {
          streamableHttp: { mcpServers: { "ofac-screening": { url: "http://screen.test/mcp" } } },
          stdio: {
            mcpServers: {
              "ofac-screening": {
                command: "node",
                args: ["/absolute/path/to/apps/mcp/dist/main.js"],
              },
            },
          },
        },
        toolCount: 12,
        promptCount: 6,
        links: {
          mcp: "http://screen.test/mcp",
          docs: "http://screen.test/mcp/docs",
          serverCard: "http://screen.test/.well-known/mcp/server-card.json",
          catalog: "http://screen.test/api",
          openapi: "http://screen.test/openapi.json",
        },
      });
      expect(docs.payment.steps).toHaveLength(4);
    }
  });

  it("lists every tool with its price(s), the atomic amount its challenge asks, its schema and example", async () => {
    const docs = await docsJson();
    expect(docs.tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    for (const [i, tool] of docs.tools.entries()) {
      expect(tool.priceUsd).toEqual(PRICES[tool.name]);
      expect(tool.inputSchema).toEqual(
        JSON.parse(JSON.stringify(listedTool(TOOLS[i]!).inputSchema)),
      );
      expect(tool.inputExample).toEqual(TOOLS[i]!.inputExample);
      expect(tool.annotations.readOnlyHint).toBe(tool.priceUsd === null);
    }
    const byName = Object.fromEntries(docs.tools.map((t) => [t.name, t]));
    expect(byName.server_capabilities).toMatchObject({
      free: true,
      price: "Free",
      amount: null,
      paymentResource: null,
    });
    expect(byName.ofac_wallet_screen).toMatchObject({
      free: false,
      price: "$0.01 USDC",
      amount: { default: "10000" },
      paymentResource: "http://screen.test/mcp?tool=ofac_wallet_screen",
    });
    expect(byName.ofac_wallet_report).toMatchObject({
      price: "$0.04 USDC; output_format pdf: $0.09 USDC, docx: $0.10 USDC",
      amount: { default: "40000", pdf: "90000", docx: "100000" },
    });
    expect(docs.prompts.map((p) => p.name)).toEqual(PROMPTS.map((p) => p.name));
  });

  it("is an HTML page by default: tools with prices, prompts, payment over MCP, client config, links", async () => {
    for (const headers of [BROWSER, CURL]) {
      const res = await get("/mcp/docs", headers);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(res.headers.get("vary")).toMatch(/Accept/);
      expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
      const page = await res.text();
      for (const tool of TOOLS) expect(page).toContain(`data-tool="${tool.name}"`);
      for (const prompt of PROMPTS) expect(page).toContain(`data-prompt="${prompt.name}"`);
      expect(page).toContain(
        '<td class="price">$0.04 USDC<div class="muted">pdf: $0.09 USDC</div><div class="muted">docx: $0.10 USDC</div></td>',
      );
      expect(page).toContain("$0.29 USDC");
      expect(page).toContain("x402/payment-response");
      expect(page).toContain(svc.devnet.payTo);
      // The client configurations, as escaped JSON text.
      expect(page).toContain(
        "&quot;ofac-screening&quot;: {\n      &quot;url&quot;: &quot;http://screen.test/mcp&quot;",
      );
      expect(page).toContain("&quot;command&quot;: &quot;node&quot;");
      expect(page).toContain("/absolute/path/to/apps/mcp/dist/main.js");
      for (const href of ["/api", "/openapi.json", "/.well-known/mcp/server-card.json"]) {
        expect(page).toContain(`href="${href}"`);
      }
      // Every tool's arguments as a schema table.
      expect(page.match(/<table class="schema">/g)?.length).toBeGreaterThanOrEqual(8);
    }
  });

  it("takes only GET (and HEAD)", async () => {
    const res = await svc.app.request("http://screen.test/mcp/docs", { method: "POST" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("the other documents and pages point at the tool server", () => {
  it("the landing page, the catalog page and route docs link /mcp/docs and the server card", async () => {
    for (const path of ["/", "/api", "/api/workflows/fixture/batch-screen"]) {
      const page = await (await get(path, BROWSER)).text();
      expect(page, path).toContain('href="/mcp/docs"');
      expect(page, path).toContain('href="/.well-known/mcp/server-card.json"');
    }
    const landing = await (await get("/", BROWSER)).text();
    expect(landing).toContain("For agents: MCP");
    expect(landing).toContain("http://screen.test/mcp");
    expect(landing).not.toMatch(/not serve/);
  });

  it("/api and the x402 inventory name the MCP endpoint, its docs and its card", async () => {
    const discovery = {
      mcp: "http://screen.test/mcp",
      mcpDocs: "http://screen.test/mcp/docs",
      serverCard: "http://screen.test/.well-known/mcp/server-card.json",
    };
    expect(await (await get("/api")).json()).toMatchObject({ discovery });
    const inventory = (await (await get("/.well-known/x402-aurelian.json")).json()) as {
      discovery: unknown;
      instructions: string;
    };
    expect(inventory).toMatchObject({ discovery });
    expect(inventory.instructions).toContain("discovery.mcp");
    expect(inventory.instructions).toContain("x402/payment");
  });
});
