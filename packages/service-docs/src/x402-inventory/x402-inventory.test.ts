import { CATALOG } from "@svc/compliance";
import { baseTerms } from "@svc/payments";
import { describe, expect, it } from "vitest";
import { listingsOf } from "../listing/listing.js";
import { FIXTURE_OPERATIONS, FIXTURE_PAY_TO } from "../test-support/fixture-operations.js";
import { FIXTURE_FREE_ENDPOINTS } from "../test-support/free-endpoints.js";
import { inventoryOf } from "./x402-inventory.js";

const terms = [baseTerms(FIXTURE_PAY_TO)];
const baseUrl = "https://screen.example.com";
const freeEndpoints = FIXTURE_FREE_ENDPOINTS;
const NOW = "2026-01-01T00:00:00.000Z";

describe("GET /.well-known/x402-aurelian.json document", () => {
  it("has the discovery shape, with every address under the base URL", () => {
    const doc = inventoryOf({ operations: CATALOG, terms, baseUrl, freeEndpoints }, NOW);
    expect(doc).toMatchObject({
      version: 1,
      endpointCount: CATALOG.length,
      discovery: {
        api: `${baseUrl}/api`,
        openapi: `${baseUrl}/openapi.json`,
        mcp: `${baseUrl}/mcp`,
        mcpDocs: `${baseUrl}/mcp/docs`,
        serverCard: `${baseUrl}/.well-known/mcp/server-card.json`,
      },
      rateLimits: { enforcement: "Best effort" },
      sla: { availability: "Best effort" },
      pricing: { currency: "USDC", pricingMode: "fixed", network: "eip155:8453" },
    });
    expect(typeof doc.name).toBe("string");
    expect(typeof doc.description).toBe("string");
    expect(typeof doc.instructions).toBe("string");
    expect(typeof doc.sla.notes).toBe("string");
    expect(doc.endpoints).toHaveLength(CATALOG.length);
  });

  it("each resource is a bazaar DiscoveryResource whose accepts is the route's 402 terms", () => {
    const ctx = { operations: FIXTURE_OPERATIONS, terms, baseUrl, freeEndpoints };
    const doc = inventoryOf(ctx, NOW);
    expect(doc.resources).toEqual(
      listingsOf(ctx).map((l) => ({
        resource: l.url,
        type: "http",
        x402Version: 2,
        accepts: [l.requirements],
        lastUpdated: NOW,
        description: l.op.description,
        mimeType: l.op.mimeType,
        serviceName: doc.name,
        tags: [...l.op.tags],
      })),
    );
    expect(doc.endpoints.map((e) => [e.routeKey, e.price, e.amount])).toEqual([
      ["GET /api/fixture-screen/:address", "$0.01 USDC", "10000"],
      ["POST /api/workflows/fixture/batch-screen", "$0.10 USDC", "100000"],
      ["POST /api/tools/fixture/pdf/generate", "$0.05 USDC", "50000"],
    ]);
    expect(doc.pricing.range).toEqual({
      min: "$0.01 USDC",
      max: "$0.10 USDC",
      minUsd: 0.01,
      maxUsd: 0.1,
    });
  });
});
