import {
  FIXTURE_OPERATIONS,
  hostileMcpCatalog,
  hostileOperation,
} from "@svc/service-docs/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DiscoveryApp, startDiscoveryApp } from "./test-support/discovery-app.js";

// Every HTML page echoes request data (Host, query); none of it may reach the page as markup.
// The catalog's own text (stored XSS) is escaped by the pages themselves: tested in
// @svc/service-docs, without a server.
const PAYLOAD = `"><script>alert(1)</script><img src=x onerror=alert(2)>`;
const BROWSER = "text/html,application/xhtml+xml,*/*;q=0.8";
const PAGES = [
  "/",
  "/api",
  "/api/workflows/fixture/hostile",
  "/api/workflows/fixture/batch-screen",
  "/mcp/docs",
  "/mcp",
];

let svc: DiscoveryApp;
beforeAll(async () => {
  svc = await startDiscoveryApp({
    operations: [...FIXTURE_OPERATIONS, hostileOperation(PAYLOAD)],
    mcpCatalog: hostileMcpCatalog(PAYLOAD),
  });
});
afterAll(async () => {
  await svc?.stop();
});

const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await svc.app.request(`http://screen.test${path}`, {
    headers: { Accept: BROWSER, ...headers },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  return res.text();
};

const expectInert = (text: string) => {
  expect(text).not.toContain("<script");
  expect(text).not.toContain("<img");
  // Text such as "onerror=" is harmless once escaped, in content or inside a quoted attribute
  // value (every echoed quote is escaped, so raw quotes only delimit attributes); an
  // event-handler attribute on a tag is not.
  expect(text.replace(/"[^"]*"/g, '""')).not.toMatch(/<[a-z][^>]*\son\w+=/i);
};

describe("reflected XSS", () => {
  it("reflected XSS through the Host header is neither trusted nor echoed raw", async () => {
    for (const path of PAGES) {
      const text = await page(path, { Host: `screen.test${PAYLOAD}` });
      expectInert(text);
      expect(text).toContain("http://screen.test");
    }
    const json = await svc.app.request("http://screen.test/openapi.json", {
      headers: { Host: PAYLOAD },
    });
    expect(((await json.json()) as { servers: unknown }).servers).toEqual([
      { url: "http://screen.test", "x-internal": false },
    ]);
  });

  it("reflected XSS through the format parameter and the query string is escaped", async () => {
    const query = `?format=${encodeURIComponent(PAYLOAD)}&q=${encodeURIComponent(PAYLOAD)}`;
    for (const path of PAGES) expectInert(await page(`${path}${query}`));
  });

  it("every page forbids scripts by policy as well", async () => {
    for (const path of PAGES) {
      const res = await svc.app.request(`http://screen.test${path}`, {
        headers: { Accept: BROWSER },
      });
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain("script-src");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });
});
