import { CATALOG } from "@svc/compliance";
import { baseTerms, type PaymentTerms, termsOn } from "@svc/payments";
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
import { FIXTURE_PAY_TO } from "../test-support/fixture-operations.js";
import { FIXTURE_FREE_ENDPOINTS } from "../test-support/free-endpoints.js";
import { inventoryOf } from "../x402-inventory/x402-inventory.js";
import type { DiscoveryContext } from "./discovery-context.js";
import { listingsOf } from "./listing.js";

const SEPOLIA_USDC = "0x036CbD53842c5426634e7929541eC2318f3dCF7e";
const BASE_USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const BOTH: Companions = { mcpDocs: true, serverCard: true };

/** Every document and page the service tells clients, for one set of terms. */
function documentsOf(terms: PaymentTerms): Record<string, string> {
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
    const docs = documentsOf(termsOn("eip155:84532", FIXTURE_PAY_TO));
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

  it("with Base terms (the default), they name eip155:8453 and USDC on Base, and nothing of Sepolia", () => {
    for (const [name, text] of Object.entries(documentsOf(baseTerms(FIXTURE_PAY_TO)))) {
      expect(text, name).toMatch(BASE_ID);
      expect(text, name).not.toContain("eip155:84532");
      expect(text, name).not.toContain("Sepolia");
    }
  });

  it("the catalog's payment summary labels the network from the scheme's table", () => {
    const ctx = (terms: PaymentTerms): DiscoveryContext => ({
      operations: CATALOG,
      terms,
      baseUrl: "https://screen.example.com",
      freeEndpoints: FIXTURE_FREE_ENDPOINTS,
    });
    expect(apiCatalogOf(ctx(termsOn("eip155:84532", FIXTURE_PAY_TO))).payment).toMatchObject({
      network: "eip155:84532",
      networkLabel: "USDC on Base Sepolia, a testnet",
      asset: SEPOLIA_USDC,
    });
    expect(apiCatalogOf(ctx(baseTerms(FIXTURE_PAY_TO))).payment).toMatchObject({
      network: "eip155:8453",
      networkLabel: "USDC on Base",
      asset: BASE_USDC,
    });
  });
});
