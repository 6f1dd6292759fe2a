import { CATALOG } from "@svc/compliance";
import {
  BASE_NETWORK,
  BASE_USDC,
  baseTerms,
  displayPrice,
  requirementsOf,
  SOLANA_NETWORK,
  SOLANA_USDC,
  termsOn,
} from "@svc/payments";
import { describe, expect, it } from "vitest";
import {
  FIXTURE_OPERATIONS,
  FIXTURE_PAY_TO,
  FIXTURE_SOLANA_PAY_TO,
} from "../test-support/fixture-operations.js";
import { FIXTURE_FREE_ENDPOINTS } from "../test-support/free-endpoints.js";
import { docsPathOf, filledUrl, hasDocsPage, listingsOf, pathParamsOf } from "./listing.js";

const ctx = {
  operations: FIXTURE_OPERATIONS,
  terms: [baseTerms(FIXTURE_PAY_TO)],
  baseUrl: "https://screen.example.com",
  freeEndpoints: FIXTURE_FREE_ENDPOINTS,
};

describe("listingsOf", () => {
  it("derives route key, price and the 402's requirements from each catalog entry", () => {
    const listings = listingsOf(ctx);
    expect(listings.map((l) => l.op)).toEqual(FIXTURE_OPERATIONS);
    for (const l of listings) {
      expect(l.routeKey).toBe(`${l.op.method} ${l.op.path}`);
      expect(l.price).toBe(displayPrice(l.op.price));
      expect(l.priceUsd).toBe(Number(l.op.price));
      expect(l.url).toBe(`https://screen.example.com${l.op.path}`);
      const resource = {
        price: l.op.price,
        description: l.op.description,
        url: l.url,
        mimeType: l.op.mimeType,
      };
      expect(l.requirements).toEqual(requirementsOf(resource, baseTerms(FIXTURE_PAY_TO)));
      expect(l.accepts).toEqual([l.requirements]);
    }
  });

  it("lists one accepts entry per network paid on, the default first, at the same amount", () => {
    const solana = termsOn(SOLANA_NETWORK, FIXTURE_SOLANA_PAY_TO);
    for (const l of listingsOf({ ...ctx, terms: [baseTerms(FIXTURE_PAY_TO), solana] })) {
      expect(l.accepts.map((r) => [r.network, r.asset, r.payTo])).toEqual([
        [BASE_NETWORK, BASE_USDC, FIXTURE_PAY_TO],
        [SOLANA_NETWORK, SOLANA_USDC, FIXTURE_SOLANA_PAY_TO],
      ]);
      expect(l.accepts[1]?.amount).toBe(l.requirements.amount);
      expect(l.requirements).toEqual(l.accepts[0]);
    }
    expect(() => listingsOf({ ...ctx, terms: [] })).toThrow(RangeError);
  });

  it("every route has a docs page: a POST route at its URL, a paid GET route at its path less its parameters", () => {
    for (const l of listingsOf(ctx)) {
      const path = l.op.method === "POST" ? l.op.path : l.op.path.split("/:")[0];
      expect(l.docsPath).toBe(path);
      expect(l.docsUrl).toBe(`https://screen.example.com${path}`);
    }
    // The service's own catalog, whatever routes it holds.
    for (const op of CATALOG) expect(docsPathOf(op, CATALOG), op.path).toBeDefined();
    expect(docsPathOf(ofacGet(), CATALOG)).toBe("/api/ofac-wallet-screen");
  });

  it("no docs page on a path another route or a discovery document holds", () => {
    const [get] = CATALOG.filter((op) => op.method === "GET");
    if (get === undefined) return;
    const post = { ...get, method: "POST" as const };
    expect(hasDocsPage(post, [get, post])).toBe(false);
    const taken = { ...post, path: get.path.split("/:")[0] as string };
    expect(docsPathOf(get, [get, taken])).toBeUndefined();
    expect(docsPathOf({ ...get, path: "/api/:address" }, [get])).toBeUndefined();
    expect(docsPathOf({ ...get, path: "/api/plain" }, [get])).toBeUndefined();
  });
});

/** The catalog's paid GET route. */
const ofacGet = () => {
  const op = CATALOG.find((o) => o.method === "GET");
  if (op === undefined) throw new Error("the catalog has no GET route");
  return op;
};

describe("filledUrl", () => {
  it("puts path parameters in place and the rest in the query, encoded", () => {
    expect(pathParamsOf("/api/x/:address/:n")).toEqual(["address", "n"]);
    expect(filledUrl("https://a.test", "/api/x/:address", { address: "a/b c", asset: "ETH" })).toBe(
      "https://a.test/api/x/a%2Fb%20c?asset=ETH",
    );
    expect(filledUrl("https://a.test", "/api/x", undefined)).toBe("https://a.test/api/x");
  });
});
