import type { ListStatusAnswer } from "@svc/compliance";
import { baseTerms } from "@svc/payments";
import { describe, expect, it } from "vitest";
import { apiCatalogOf } from "../api-catalog/api-catalog.js";
import type { Companions } from "../html/discovery-links.js";
import type { DiscoveryContext } from "../listing/discovery-context.js";
import { listingOf } from "../listing/listing.js";
import { mcpDocsOf } from "../mcp-docs/mcp-docs.js";
import { routeDocsOf } from "../route-docs/route-docs.js";
import {
  FIXTURE_OPERATIONS,
  FIXTURE_PAY_TO,
  hostileOperation,
} from "../test-support/fixture-operations.js";
import {
  FIXTURE_ATTESTATION_ENDPOINTS,
  FIXTURE_FREE_ENDPOINTS,
} from "../test-support/free-endpoints.js";
import { hostileMcpCatalog } from "../test-support/hostile-mcp.js";
import { apiCatalogPage } from "./api-catalog-page.js";
import { landingPage } from "./landing-page.js";
import { mcpDocsPage } from "./mcp-docs-page.js";
import { routeDocsPage } from "./route-docs-page.js";

// Every page echoes catalog text (titles, descriptions, tags, examples) and the tools' and
// prompts' texts; none of it may reach the page as markup.
const PAYLOAD = `"><script>alert(1)</script><img src=x onerror=alert(2)>`;
const ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;";

const terms = [baseTerms(FIXTURE_PAY_TO)];
const hostile = hostileOperation(PAYLOAD);
const ctx: DiscoveryContext = {
  operations: [...FIXTURE_OPERATIONS, hostile],
  terms,
  baseUrl: "https://screen.example.com",
  freeEndpoints: FIXTURE_FREE_ENDPOINTS,
};
const BOTH: Companions = { mcpDocs: true, serverCard: true };
const NONE: Companions = { mcpDocs: false, serverCard: false };

/** Every page, with the companions it links. */
const pagesOf = (context: DiscoveryContext, companions: Companions) => ({
  landing: landingPage(context, companions),
  catalog: apiCatalogPage(context, apiCatalogOf(context), companions),
  routeDocs: routeDocsPage(routeDocsOf(listingOf(hostile, context), context), companions),
  mcpDocs: mcpDocsPage(
    mcpDocsOf({ baseUrl: context.baseUrl, terms }, hostileMcpCatalog(PAYLOAD)),
    companions,
  ),
});

const expectInert = (text: string) => {
  expect(text).not.toContain("<script");
  expect(text).not.toContain("<img");
  // Text such as "onerror=" is harmless once escaped, in content or inside a quoted attribute
  // value (every echoed quote is escaped, so raw quotes only delimit attributes); an
  // event-handler attribute on a tag is not.
  expect(text.replace(/"[^"]*"/g, '""')).not.toMatch(/<[a-z][^>]*\son\w+=/i);
};

describe("stored XSS", () => {
  it("catalog text (title, description, tags, examples) and tool and prompt texts are escaped on every page", () => {
    for (const [name, page] of Object.entries(pagesOf(ctx, BOTH))) {
      expect(typeof page, name).toBe("string");
      expectInert(page);
      expect(page, name).toContain(ESCAPED);
    }
  });
});

describe("the pages", () => {
  it("are whole documents with the one inline stylesheet and nothing loaded from elsewhere", () => {
    for (const page of Object.values(pagesOf(ctx, BOTH))) {
      expect(page.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
      expect(page.match(/<style>/g)).toHaveLength(1);
      expect(page).not.toMatch(/<(script|link rel="stylesheet"|iframe)/);
    }
  });

  it("link the MCP docs and the server card only when the app serves them", () => {
    const without = pagesOf(ctx, NONE);
    for (const page of [without.landing, without.catalog, without.routeDocs]) {
      expect(page).not.toContain('href="/mcp/docs"');
      expect(page).not.toContain('href="/.well-known/mcp/server-card.json"');
    }
    expect(without.landing).not.toContain("For agents: MCP");
    const withBoth = pagesOf(ctx, BOTH);
    for (const page of Object.values(withBoth)) {
      expect(page).toContain('href="/mcp/docs"');
      expect(page).toContain('href="/.well-known/mcp/server-card.json"');
    }
    expect(withBoth.landing).toContain("For agents: MCP");
    expect(withBoth.landing).toContain("https://screen.example.com/mcp");
  });

  it("the landing page says which list screening runs on, loudly when it is not the current OFAC list", () => {
    const listOf = (status: ListStatusAnswer["data"]["status"]): ListStatusAnswer["data"] => ({
      status,
      sourceFreshness: null,
    });
    const landing = (list?: ListStatusAnswer["data"]) =>
      landingPage({ ...ctx, ...(list === undefined ? {} : { list }) }, BOTH);
    expect(landing(listOf("sample"))).toContain("SAMPLE EDITION — NOT THE OFAC LIST.");
    expect(landing(listOf("stale"))).toContain("STALE LIST.");
    expect(landing(listOf("unavailable"))).toContain("NO LIST LOADED.");
    expect(landing(listOf("fresh"))).not.toContain('class="warning"');
    expect(landing()).not.toContain('class="warning"');
    for (const e of FIXTURE_FREE_ENDPOINTS) expect(landing()).toContain(`GET ${e.path}`);
  });

  it("the payment receipt, found by a path parameter, is listed on the landing page and the catalog page, never as a link", () => {
    const pages = pagesOf(ctx, BOTH);
    for (const page of [pages.landing, pages.catalog]) {
      expect(page).toContain("<code>GET /api/payments/{paymentId}</code>");
      expect(page).not.toContain('href="/api/payments/');
    }
    expect(pages.landing).toContain("X-Payment-Status: pending");
    expect(pages.catalog).toContain("<h2>Free: payments</h2>");
    expect(pages.catalog).toContain('<span class="muted">paymentId</span>');
    const listOnly = pagesOf(
      { ...ctx, freeEndpoints: FIXTURE_FREE_ENDPOINTS.filter((e) => e.topic !== "payment") },
      BOTH,
    );
    expect(listOnly.landing).not.toContain("X-Payment-Status");
    expect(listOnly.catalog).not.toContain("Free: payments");
    expect(listOnly.landing).toContain('<a href="/api/list"><code>GET /api/list</code></a>');
  });

  it("Evidence: the landing page and the catalog page say answers are signed and where to check them; a POST is never a link", () => {
    const pages = pagesOf(
      { ...ctx, freeEndpoints: [...FIXTURE_FREE_ENDPOINTS, ...FIXTURE_ATTESTATION_ENDPOINTS] },
      BOTH,
    );
    expect(pages.landing).toContain("<h2>Evidence</h2>");
    expect(pages.landing).toContain("signed attestation");
    expect(pages.landing).toContain(
      '<a href="/.well-known/jwks.json"><code>GET /.well-known/jwks.json</code></a>',
    );
    expect(pages.catalog).toContain("<h2>Free: evidence</h2>");
    for (const page of [pages.landing, pages.catalog]) {
      expect(page).toContain("<code>POST /api/attestations/verify</code>");
      expect(page).not.toContain('href="/api/attestations/verify"');
    }
    const unsigned = pagesOf(ctx, BOTH);
    expect(unsigned.landing).not.toContain("Evidence");
    expect(unsigned.catalog).not.toContain("Free: evidence");
  });
});
