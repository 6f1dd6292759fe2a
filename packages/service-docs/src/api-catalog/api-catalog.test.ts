import { CATALOG } from "@svc/compliance";
import { BASE_NETWORK, BASE_USDC, baseTerms, displayPrice } from "@svc/payments";
import { describe, expect, it } from "vitest";
import { listingsOf } from "../listing/listing.js";
import { FIXTURE_OPERATIONS, FIXTURE_PAY_TO } from "../test-support/fixture-operations.js";
import {
  FIXTURE_ATTESTATION_ENDPOINTS,
  FIXTURE_FREE_ENDPOINTS,
} from "../test-support/free-endpoints.js";
import { apiCatalogOf } from "./api-catalog.js";

const terms = [baseTerms(FIXTURE_PAY_TO)];
const baseUrl = "https://screen.example.com";
const freeEndpoints = FIXTURE_FREE_ENDPOINTS;

describe("GET /api document", () => {
  it("lists every operation of the real catalog, in order, with its price and exact terms", () => {
    const ctx = { operations: CATALOG, terms, baseUrl, freeEndpoints };
    const doc = apiCatalogOf(ctx);
    expect(doc).toMatchObject({ version: "1.0.0", baseUrl, endpointCount: CATALOG.length });
    expect(typeof doc.name).toBe("string");
    expect(doc.catalog.map((e) => e.routeKey)).toEqual(
      CATALOG.map((op) => `${op.method} ${op.path}`),
    );
    listingsOf(ctx).forEach((l, i) => {
      const entry = doc.catalog[i]!;
      expect(entry).toMatchObject({
        method: l.op.method,
        path: l.op.path,
        price: displayPrice(l.op.price),
        priceUsd: Number(l.op.price),
        description: l.op.description,
        category: l.op.category,
        tags: [...l.op.tags],
      });
      const { scheme, network, asset, payTo, amount, maxTimeoutSeconds } = l.requirements;
      expect(entry.payment).toEqual({ scheme, network, asset, payTo, amount, maxTimeoutSeconds });
      expect(entry.exampleUrl.startsWith(`${baseUrl}/api/`)).toBe(true);
    });
  });

  it("a paid GET's example URL is callable as it is; the summary states the one set of terms", () => {
    const doc = apiCatalogOf({ operations: FIXTURE_OPERATIONS, terms, baseUrl, freeEndpoints });
    const screen = doc.catalog.find((e) => e.method === "GET");
    expect(screen?.exampleUrl.slice(baseUrl.length)).not.toMatch(/:/);
    expect(doc.payment).toMatchObject({
      protocol: "x402",
      x402Version: 2,
      scheme: "exact",
      network: BASE_NETWORK,
      asset: BASE_USDC,
      payTo: FIXTURE_PAY_TO,
      maxTimeoutSeconds: 60,
      priceRange: { min: "$0.01 USDC", max: "$0.10 USDC", minUsd: 0.01, maxUsd: 0.1 },
    });
    expect(doc.catalog.find((e) => e.method === "POST")?.payment.amount).toBe("100000");
  });

  it("lists the free endpoints with their topic and parameters, each with its example URL", () => {
    const doc = apiCatalogOf({ operations: FIXTURE_OPERATIONS, terms, baseUrl, freeEndpoints });
    expect(doc.free.map((e) => [e.path, e.topic])).toEqual([
      ["/api/list", "list"],
      ["/api/list/changes", "list"],
      ["/api/payments/{paymentId}", "payment"],
    ]);
    const receipt = doc.free[2];
    expect(receipt).toMatchObject({
      name: "payment_receipt",
      method: "GET",
      price: "free",
      params: { paymentId: { description: "The X-Payment-Id of the answer." } },
      exampleUrl: `${baseUrl}/api/payments/pay_00000000000000000000000000000000`,
    });
    expect(receipt).not.toHaveProperty("query");
    expect(doc.free[0]).not.toHaveProperty("params");
  });

  it("lists a free POST with its method and its body, and a free GET as a GET", () => {
    const doc = apiCatalogOf({
      operations: FIXTURE_OPERATIONS,
      terms,
      baseUrl,
      freeEndpoints: [...freeEndpoints, ...FIXTURE_ATTESTATION_ENDPOINTS],
    });
    const [keys, verify] = FIXTURE_ATTESTATION_ENDPOINTS;
    expect(doc.free.find((e) => e.path === "/api/attestations/verify")).toMatchObject({
      name: "attestation_verify",
      method: "POST",
      topic: "attestation",
      price: "free",
      body: verify?.body,
      exampleUrl: `${baseUrl}/api/attestations/verify`,
    });
    const keySet = doc.free.find((e) => e.path === keys?.path);
    expect(keySet).toMatchObject({ method: "GET", topic: "attestation" });
    expect(keySet).not.toHaveProperty("body");
  });
});
