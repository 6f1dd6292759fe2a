import { CATALOG } from "@svc/compliance";
import { baseTerms, termsOn } from "@svc/payments";
import { describe, expect, it } from "vitest";
import type { DiscoveryContext } from "../listing/discovery-context.js";
import { listingOf, listingsOf } from "../listing/listing.js";
import { landingPage } from "../pages/landing-page.js";
import { routeDocsPage } from "../pages/route-docs-page.js";
import { codeBlocksOf } from "../test-support/code-blocks.js";
import { FIXTURE_PAY_TO, FIXTURE_SOLANA_PAY_TO } from "../test-support/fixture-operations.js";
import { FIXTURE_FREE_ENDPOINTS } from "../test-support/free-endpoints.js";
import { DEVNET_INFO_PATH, PAYER_KEY_VARIABLE } from "./paid-call.js";
import { routeDocsOf } from "./route-docs.js";

// The service's own catalog, whatever routes it holds: every route's docs and the landing page
// show a paid call in at most ten lines of TypeScript and a free dry run with curl.
const terms = [baseTerms(FIXTURE_PAY_TO)];
const ctx: DiscoveryContext = {
  operations: CATALOG,
  terms,
  baseUrl: "https://screen.example.com",
  freeEndpoints: FIXTURE_FREE_ENDPOINTS,
};
const COMPANIONS = { mcpDocs: true, serverCard: true };

describe("the paid call of every route, in TypeScript", () => {
  for (const op of CATALOG) {
    it(`${op.method} ${op.path}: at most 10 lines with @x402/fetch, x402Client, ExactEvmScheme and a viem account, on its example`, () => {
      const l = listingOf(op, ctx);
      const docs = routeDocsOf(l, ctx);
      const code = docs.paidCallExample as string;
      expect(code.split("\n").length).toBeLessThanOrEqual(10);
      expect(code).toContain('import { wrapFetchWithPayment, x402Client } from "@x402/fetch";');
      expect(code).toContain('import { ExactEvmScheme } from "@x402/evm/exact/client";');
      expect(code).toContain('import { privateKeyToAccount } from "viem/accounts";');
      expect(code).toContain(`process.env.${PAYER_KEY_VARIABLE}`);
      expect(code).toContain(`.register("${terms[0]?.network}", new ExactEvmScheme(account))`);
      if (op.method === "GET") {
        expect(code).toContain(`await pay(${JSON.stringify(l.exampleUrl)})`);
      } else {
        const body = /body: JSON\.stringify\((.*)\) \}\);$/m.exec(code)?.[1] as string;
        expect(JSON.parse(body)).toEqual(op.inputExample);
      }
      expect(docs.dryRunExample).toMatch(/^curl -s .*dry_run=1/);
      // The page shows both exactly.
      const page = routeDocsPage(docs, COMPANIONS);
      expect(codeBlocksOf(page, "paid-call-ts")).toEqual([code]);
      expect(codeBlocksOf(page, "dry-run-example")).toEqual([docs.dryRunExample]);
    });
  }

  it("the landing page shows the cheapest route's, the same as its docs page", () => {
    const cheapest = [...listingsOf(ctx)].sort((a, b) => a.priceUsd - b.priceUsd)[0];
    if (cheapest === undefined) throw new Error("an empty catalog");
    const docs = routeDocsOf(cheapest, ctx);
    const page = landingPage(ctx, COMPANIONS);
    expect(codeBlocksOf(page, "paid-call-ts")).toEqual([docs.paidCallExample]);
    expect(codeBlocksOf(page, "dry-run-example")).toEqual([docs.dryRunExample]);
  });

  it("names development's funded payers and pnpm demo only where the app serves them", () => {
    const docs = routeDocsOf(listingOf(CATALOG[0] as (typeof CATALOG)[number], ctx), ctx);
    for (const page of [routeDocsPage(docs, COMPANIONS), landingPage(ctx, COMPANIONS)]) {
      expect(page).not.toContain(DEVNET_INFO_PATH);
      expect(page).not.toContain("pnpm demo");
    }
    const dev = { ...COMPANIONS, devnet: true };
    for (const page of [routeDocsPage(docs, dev), landingPage(ctx, dev)]) {
      expect(page).toContain(`href="${DEVNET_INFO_PATH}"`);
      expect(page).toContain("pnpm demo");
    }
  });

  it("pays on the EVM network served (Solana first or not), and shows none where only Solana is", () => {
    const solana = termsOn("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", FIXTURE_SOLANA_PAY_TO);
    const both = { ...ctx, terms: [solana, ...terms] };
    const op = CATALOG[0] as (typeof CATALOG)[number];
    expect(routeDocsOf(listingOf(op, both), both).paidCallExample).toContain(
      `.register("${terms[0]?.network}"`,
    );
    const only = { ...ctx, terms: [solana] };
    const docs = routeDocsOf(listingOf(op, only), only);
    expect(docs.paidCallExample).toBeNull();
    expect(codeBlocksOf(routeDocsPage(docs, COMPANIONS), "paid-call-ts")).toEqual([]);
  });
});
