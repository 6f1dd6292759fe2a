import { BASE_USDC, baseTerms, SOLANA_NETWORK, SOLANA_USDC, servedTerms } from "@svc/payments";
import {
  FIXTURE_OPERATIONS,
  FIXTURE_PAY_TO,
  FIXTURE_SOLANA_PAY_TO,
} from "@svc/service-docs/test-support";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { mountDiscovery } from "./mount-discovery.js";

/** Every discovery document and page the app serves, as text, for the terms mounted. */
async function servedDocuments(terms: Parameters<typeof mountDiscovery>[1]["terms"]) {
  const app = new Hono();
  mountDiscovery(app, { operations: FIXTURE_OPERATIONS, terms });
  const text = async (path: string, accept: string) =>
    (await app.request(`http://screen.test${path}`, { headers: { Accept: accept } })).text();
  return {
    "/ (page)": await text("/", "text/html"),
    "/api": await text("/api", "application/json"),
    "/api (page)": await text("/api", "text/html"),
    "/openapi.json": await text("/openapi.json", "application/json"),
    "/.well-known/x402-aurelian.json": await text("/.well-known/x402-aurelian.json", "*/*"),
    "route docs": await text("/api/workflows/fixture/batch-screen", "application/json"),
    "route docs (page)": await text("/api/workflows/fixture/batch-screen", "text/html"),
  };
}

describe("the discovery routes name every network the service is paid on", () => {
  it("paid on Base and Solana (the terms a PAY_TO_SOLANA start serves), every document names both, their USDC and payees", async () => {
    const terms = servedTerms(
      {
        network: "eip155:8453",
        solana: { payTo: FIXTURE_SOLANA_PAY_TO, network: SOLANA_NETWORK, rpcUrl: undefined },
      },
      FIXTURE_PAY_TO,
    );
    for (const [name, text] of Object.entries(await servedDocuments(terms))) {
      for (const named of [
        "eip155:8453",
        SOLANA_NETWORK,
        BASE_USDC,
        SOLANA_USDC,
        FIXTURE_PAY_TO,
        FIXTURE_SOLANA_PAY_TO,
      ]) {
        expect(text, `${name}: ${named}`).toContain(named);
      }
    }
  });

  it("paid on Base alone, they say nothing of Solana", async () => {
    const one = await servedDocuments([baseTerms(FIXTURE_PAY_TO)]);
    for (const [name, text] of Object.entries(one)) {
      expect(text, name).toContain(FIXTURE_PAY_TO);
      expect(text, name).not.toMatch(/solana/i);
    }
  });
});
