import {
  AUDIT_CODES,
  checkL2ForOpenAPI,
  discoverOriginSchema,
  getOpenAPI,
  getWarningsForL2,
  getWarningsForOpenAPI,
  isOpenApiParseFailure,
} from "@agentcash/discovery";
import { CATALOG } from "@svc/compliance";
import { ListLoader } from "@svc/ofac-index/node";
import { type Served, serveOnLoopback } from "@svc/test-support/loopback";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unpaidApp } from "./test-support/unpaid-app.js";

// x402scan's own discovery, run against the service: @agentcash/discovery at the version
// x402scan pins (apps/scan/package.json), whose `discoverOriginSchema` x402scan's registration
// calls (apps/scan/src/services/discovery/fetch-discovery.ts). It reads /openapi.json and each
// operation's `x-payment-info`; every paid route of the catalog must come out paid, at its price.
let loader: ListLoader;
let served: Served;
beforeAll(async () => {
  loader = new ListLoader({ sampleFallback: true });
  await loader.start();
  await loader.settled();
  served = await serveOnLoopback(unpaidApp(loader));
});
afterAll(async () => {
  await served?.close();
  await loader?.stop();
});

const PAID = CATALOG.filter((op) => op.price !== undefined);
const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

describe("x402scan's discovery (@agentcash/discovery) of the service", () => {
  it("finds the OpenAPI document and every paid route in it, paid over x402 at its fixed price in USD", async () => {
    const found = await discoverOriginSchema({ target: served.origin });
    if (!found.found) throw new Error(`not found: ${found.cause} ${found.message ?? ""}`);
    expect(found.source).toBe("openapi");
    for (const op of PAID) {
      const endpoint = found.endpoints.find(
        (e) => e.method === op.method && e.path === openApiPath(op.path),
      );
      // x402scan's parser reads any `apiKey`-typed security scheme as an API key, and the paid
      // operations name the two x402 header schemes (PAYMENT-SIGNATURE, X-PAYMENT) that the
      // OpenAPI linters require: it files them "apiKey+paid", paid all the same, at the price.
      expect(endpoint, `${op.method} ${op.path}`).toMatchObject({
        authMode: "apiKey+paid",
        pricingMode: "fixed",
        protocols: ["x402"],
      });
      expect(Number(String(endpoint?.price).replace(/[^0-9.]/g, ""))).toBe(Number(op.price));
    }
  });

  it("its audit of the payment information finds nothing to say: structured x-payment-info, no legacy or malformed entry, no paid route without price or protocol", async () => {
    const openApi = (await getOpenAPI(served.origin))._unsafeUnwrap();
    if (openApi === null || isOpenApiParseFailure(openApi)) throw new Error("no OpenAPI parsed");
    const codes = getWarningsForOpenAPI(openApi).map((w) => w.code);
    expect(codes).not.toContain(AUDIT_CODES.L2_PAYMENT_INFO_LEGACY);
    expect(codes).not.toContain(AUDIT_CODES.L2_X402_MALFORMED);
    const paidPaths = new Set(PAID.map((op) => openApiPath(op.path)));
    const aboutPaid = getWarningsForL2(checkL2ForOpenAPI(openApi)).filter(
      (w) => w.path !== undefined && paidPaths.has(w.path),
    );
    expect(aboutPaid).toEqual([]);
  });
});
