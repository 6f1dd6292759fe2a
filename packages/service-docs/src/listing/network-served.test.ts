import { CATALOG } from "@svc/compliance";
import {
  BASE_USDC,
  baseTerms,
  type PaymentTerms,
  SOLANA_DEVNET_NETWORK,
  SOLANA_DEVNET_USDC,
  SOLANA_NETWORK,
  SOLANA_USDC,
  servedTerms,
  termsOn,
} from "@svc/payments";
import { describe, expect, it } from "vitest";
import { apiCatalogOf } from "../api-catalog/api-catalog.js";
import type { Companions } from "../html/discovery-links.js";
import { mcpDocsOf } from "../mcp-docs/mcp-docs.js";
import { openApiOf } from "../openapi/openapi.js";
import { apiCatalogPage } from "../pages/api-catalog-page.js";
import { landingPage } from "../pages/landing-page.js";
import { mcpDocsPage } from "../pages/mcp-docs-page.js";
import { routeDocsPage } from "../pages/route-docs-page.js";
import { routeDocsOf } from "../route-docs/route-docs.js";
import { FIXTURE_PAY_TO, FIXTURE_SOLANA_PAY_TO } from "../test-support/fixture-operations.js";
import { FIXTURE_FREE_ENDPOINTS } from "../test-support/free-endpoints.js";
import { inventoryOf } from "../x402-inventory/x402-inventory.js";
import type { DiscoveryContext } from "./discovery-context.js";
import { listingsOf } from "./listing.js";

const SEPOLIA_USDC = "0x036CbD53842c5426634e7929541eC2318f3dCF7e";
const BOTH: Companions = { mcpDocs: true, serverCard: true };

/** Every document and page the service tells clients, for the terms served (the default first). */
function documentsOf(terms: readonly PaymentTerms[]): Record<string, string> {
  const ctx: DiscoveryContext = {
    operations: CATALOG,
    terms,
    baseUrl: "https://screen.example.com",
    freeEndpoints: FIXTURE_FREE_ENDPOINTS,
  };
  const catalog = apiCatalogOf(ctx);
  const mcpDocs = mcpDocsOf({ baseUrl: ctx.baseUrl, terms });
  const routeDocs = listingsOf(ctx)
    .filter((l) => l.docsUrl !== undefined)
    .map((l) => routeDocsOf(l, ctx));
  expect(routeDocs.length).toBeGreaterThan(0);
  return {
    "/api": JSON.stringify(catalog),
    "/openapi.json": JSON.stringify(openApiOf(ctx)),
    "/.well-known/x402-aurelian.json": JSON.stringify(inventoryOf(ctx, "2026-01-01T00:00:00Z")),
    "/mcp/docs?format=json": JSON.stringify(mcpDocs),
    "route docs (JSON)": JSON.stringify(routeDocs),
    "/ (page)": landingPage(ctx, BOTH),
    "/api (page)": apiCatalogPage(ctx, catalog, BOTH),
    "/mcp/docs (page)": mcpDocsPage(mcpDocs, BOTH),
    "route docs (pages)": routeDocs.map((d) => routeDocsPage(d, BOTH)).join("\n"),
  };
}

/** `eip155:8453` as a whole id (not the start of `eip155:84532`). */
const BASE_ID = /eip155:8453(?!\d)/;
/** "on Base" that is not "on Base Sepolia". */
const ON_BASE_MAINNET = /on Base(?! Sepolia)/;

describe("the discovery documents name the network the terms are paid on", () => {
  it("with Base Sepolia terms, every document names eip155:84532 and Sepolia USDC, never Base mainnet", () => {
    const docs = documentsOf([termsOn("eip155:84532", FIXTURE_PAY_TO)]);
    for (const [name, text] of Object.entries(docs)) {
      expect(text, name).toContain("eip155:84532");
      expect(text, name).not.toMatch(BASE_ID);
      expect(text, name).not.toMatch(ON_BASE_MAINNET);
      expect(text, name).not.toContain(BASE_USDC);
    }
    for (const name of ["/api", "/.well-known/x402-aurelian.json", "route docs (JSON)"]) {
      expect(docs[name], name).toContain(SEPOLIA_USDC);
    }
    // And people are told it is a testnet.
    for (const name of ["/ (page)", "/api (page)", "/mcp/docs (page)", "route docs (pages)"]) {
      expect(docs[name], name).toContain("USDC on Base Sepolia, a testnet");
    }
  });

  it("with Base terms (the default), they name eip155:8453 and USDC on Base, and nothing of Sepolia or Solana", () => {
    for (const [name, text] of Object.entries(documentsOf([baseTerms(FIXTURE_PAY_TO)]))) {
      expect(text, name).toMatch(BASE_ID);
      expect(text, name).not.toContain("eip155:84532");
      expect(text, name).not.toContain("Sepolia");
      expect(text, name).not.toMatch(/solana|TransferChecked|feePayer/i);
    }
  });

  it("the catalog's payment summary labels the network from the scheme's table", () => {
    const ctx = (terms: readonly PaymentTerms[]): DiscoveryContext => ({
      operations: CATALOG,
      terms,
      baseUrl: "https://screen.example.com",
      freeEndpoints: FIXTURE_FREE_ENDPOINTS,
    });
    expect(apiCatalogOf(ctx([termsOn("eip155:84532", FIXTURE_PAY_TO)])).payment).toMatchObject({
      network: "eip155:84532",
      networkLabel: "USDC on Base Sepolia, a testnet",
      asset: SEPOLIA_USDC,
    });
    expect(apiCatalogOf(ctx([baseTerms(FIXTURE_PAY_TO)])).payment).toMatchObject({
      network: "eip155:8453",
      networkLabel: "USDC on Base",
      asset: BASE_USDC,
    });
  });
});

describe("the discovery documents name every network the terms are paid on", () => {
  // The terms a service started with PAY_TO_SOLANA serves: Base first, then Solana.
  const BOTH_TERMS = servedTerms(
    {
      network: "eip155:8453",
      solana: { payTo: FIXTURE_SOLANA_PAY_TO, network: SOLANA_NETWORK, rpcUrl: undefined },
    },
    FIXTURE_PAY_TO,
  );
  const docs = documentsOf(BOTH_TERMS);

  it("the terms are Base's, then Solana's", () => {
    expect(BOTH_TERMS).toEqual([
      baseTerms(FIXTURE_PAY_TO),
      termsOn(SOLANA_NETWORK, FIXTURE_SOLANA_PAY_TO),
    ]);
  });

  it("with Base and Solana terms, every document names both networks, their assets and payees", () => {
    for (const [name, text] of Object.entries(docs)) {
      expect(text, name).toMatch(BASE_ID);
      expect(text, name).toContain(SOLANA_NETWORK);
      expect(text, name).toContain(FIXTURE_PAY_TO);
      expect(text, name).toContain(FIXTURE_SOLANA_PAY_TO);
      expect(text, name).toContain(BASE_USDC);
      expect(text, name).toContain(SOLANA_USDC);
      expect(text, name).not.toContain("Sepolia");
    }
  });

  it("and says how to pay on Solana wherever it says how to pay: a TransferChecked transaction, the facilitator as fee payer", () => {
    for (const name of [
      "/.well-known/x402-aurelian.json",
      "/mcp/docs?format=json",
      "/ (page)",
      "/mcp/docs (page)",
      "route docs (pages)",
    ]) {
      expect(docs[name], name).toContain("USDC on Solana");
      expect(docs[name], name).toContain("TransferChecked");
      expect(docs[name], name).toContain("extra.feePayer");
      expect(docs[name], name).toContain("ExactSvmScheme");
      // And still how to pay on Base.
      expect(docs[name], name).toContain("EIP-3009");
    }
  });

  it("the default network stays where one-network readers look; every network is listed beside it", () => {
    const ctx: DiscoveryContext = {
      operations: CATALOG,
      terms: BOTH_TERMS,
      baseUrl: "https://screen.example.com",
      freeEndpoints: FIXTURE_FREE_ENDPOINTS,
    };
    const catalog = apiCatalogOf(ctx);
    expect(catalog.payment).toMatchObject({ network: "eip155:8453", payTo: FIXTURE_PAY_TO });
    expect(catalog.payment.networks).toEqual([
      {
        network: "eip155:8453",
        networkLabel: "USDC on Base",
        v1Network: "base",
        asset: BASE_USDC,
        payTo: FIXTURE_PAY_TO,
        maxTimeoutSeconds: 60,
      },
      {
        network: SOLANA_NETWORK,
        networkLabel: "USDC on Solana",
        v1Network: "solana",
        asset: SOLANA_USDC,
        payTo: FIXTURE_SOLANA_PAY_TO,
        maxTimeoutSeconds: 60,
      },
    ]);
    for (const entry of catalog.catalog) {
      expect(entry.accepts.map((a) => a.network)).toEqual(["eip155:8453", SOLANA_NETWORK]);
      expect(entry.accepts[0]).toEqual(entry.payment);
      expect(entry.accepts[1]).toMatchObject({ amount: entry.payment.amount, asset: SOLANA_USDC });
    }
    expect(inventoryOf(ctx, "2026-01-01T00:00:00Z").pricing.networks).toEqual(
      catalog.payment.networks,
    );
    expect(mcpDocsOf({ baseUrl: ctx.baseUrl, terms: BOTH_TERMS }).payment).toMatchObject({
      network: "eip155:8453",
      networks: catalog.payment.networks,
    });
  });

  it("OpenAPI: x-payment-info lists both networks, the 402 example has both entries in v1's names, the schemas describe Solana's extra", () => {
    const ctx: DiscoveryContext = {
      operations: CATALOG,
      terms: BOTH_TERMS,
      baseUrl: "https://screen.example.com",
      freeEndpoints: FIXTURE_FREE_ENDPOINTS,
    };
    const doc = openApiOf(ctx);
    const screen = doc.paths["/api/ofac-wallet-screen/{address}"]?.get as {
      description: string;
      "x-payment-info": { network: string; networks: unknown[] };
      responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
    };
    expect(screen["x-payment-info"]).toMatchObject({
      network: "eip155:8453",
      payTo: FIXTURE_PAY_TO,
      networks: [
        { network: "eip155:8453", asset: BASE_USDC, payTo: FIXTURE_PAY_TO },
        { network: SOLANA_NETWORK, asset: SOLANA_USDC, payTo: FIXTURE_SOLANA_PAY_TO },
      ],
    });
    expect(screen.description).toContain(
      `USDC on Base, eip155:8453; or USDC on Solana, ${SOLANA_NETWORK}`,
    );
    const example = screen.responses["402"]?.content?.["application/json"]?.example as {
      accepts: { network: string; payTo: string; asset: string }[];
    };
    expect(example.accepts.map((a) => [a.network, a.payTo, a.asset])).toEqual([
      ["base", FIXTURE_PAY_TO, BASE_USDC],
      ["solana", FIXTURE_SOLANA_PAY_TO, SOLANA_USDC],
    ]);
    const requirements = doc.components.schemas.PaymentRequirements.properties;
    expect(requirements.network.examples).toEqual(["eip155:8453", SOLANA_NETWORK]);
    expect(requirements.extra.properties).toHaveProperty("feePayer");
    expect(requirements.extra.description).toContain("feePayer");
    expect(doc.components.schemas.PaymentRequirementsV1.properties.network.description).toBe(
      "x402 v1's network name, e.g. `base` or `solana`.",
    );
  });
});

describe("a rehearsal on both testnets", () => {
  it("with Base Sepolia and Solana devnet terms, every document names both testnets and their USDC, and no mainnet", () => {
    const docs = documentsOf(
      servedTerms(
        {
          network: "eip155:84532",
          solana: {
            payTo: FIXTURE_SOLANA_PAY_TO,
            network: SOLANA_DEVNET_NETWORK,
            rpcUrl: undefined,
          },
        },
        FIXTURE_PAY_TO,
      ),
    );
    for (const [name, text] of Object.entries(docs)) {
      expect(text, name).toContain("eip155:84532");
      expect(text, name).toContain(SOLANA_DEVNET_NETWORK);
      expect(text, name).toContain(SEPOLIA_USDC);
      expect(text, name).toContain(SOLANA_DEVNET_USDC);
      expect(text, name).not.toMatch(BASE_ID);
      expect(text, name).not.toContain(SOLANA_NETWORK);
      expect(text, name).not.toContain(SOLANA_USDC);
    }
    for (const name of ["/ (page)", "/api (page)", "/mcp/docs (page)", "route docs (pages)"]) {
      expect(docs[name], name).toContain("USDC on Solana devnet, a testnet");
    }
  });
});
