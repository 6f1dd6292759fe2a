import { existsSync } from "node:fs";
import { PROMPTS, TOOLS } from "@svc/mcp-server";
import { SERVICE } from "@svc/service-docs";
import { FIXTURE_OPERATIONS } from "@svc/service-docs/test-support";
import { type Served, serveOnLoopback } from "@svc/test-support/loopback";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type DiscoveryApp,
  SERVED_OPERATIONS,
  startDiscoveryApp,
} from "../discovery/test-support/discovery-app.js";

// The pages in a real browser (Debian's chromium; `.ci/run` installs it), served over TCP by the
// same app as production: they must render, their links must resolve, and nothing may be blocked
// by the page's own Content-Security-Policy.
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? "/tmp";

let svc: DiscoveryApp;
let served: Served;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  svc = await startDiscoveryApp();
  served = await serveOnLoopback(svc.app);
  origin = served.origin;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
});
afterAll(async () => {
  await browser?.close();
  await served?.close();
  await svc?.stop();
});

/** A fresh page that records console errors (a CSP violation is one). */
async function openPage(path: string) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  const response = await page.goto(`${origin}${path}`);
  return { page, errors, response };
}

describe("in a browser", () => {
  it("the landing page renders every endpoint, and every link on it resolves", async () => {
    const { page, errors, response } = await openPage("/");
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe(SERVICE.name);
    const rows = page.locator("table.endpoints tr.endpoint");
    expect(await rows.count()).toBe(SERVED_OPERATIONS.length);
    for (const op of SERVED_OPERATIONS) {
      const row = page.locator(`tr.endpoint[data-route="${op.method} ${op.path}"]`);
      expect(await row.textContent()).toContain(`$${op.price} USDC`);
    }
    await page.screenshot({ path: `${SCREENSHOTS}/svc-landing.png`, fullPage: true });

    const hrefs = await Promise.all(
      (await page.locator("a[href]").all()).map(
        async (a) => new URL((await a.getAttribute("href")) ?? "", page.url()).href,
      ),
    );
    const links = [...new Set(hrefs)];
    expect(links.length).toBeGreaterThan(SERVED_OPERATIONS.length);
    for (const link of links) {
      expect(link.startsWith(origin), link).toBe(true);
      // GET on a paid POST route is its docs page, so every link answers below 400.
      const res = await fetch(link, { headers: { Accept: "text/html" } });
      expect(res.status, link).toBeLessThan(400);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the catalog renders as a page in a browser, with the payment terms", async () => {
    const { page, errors } = await openPage("/api");
    expect(await page.title()).toBe("API catalog");
    expect(await page.locator("table.endpoints tr.endpoint").count()).toBe(
      SERVED_OPERATIONS.length,
    );
    expect(await page.locator("main").textContent()).toContain("eip155:8453");
    await page.screenshot({ path: `${SCREENSHOTS}/svc-api-catalog.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a docs page renders its title, price, request schema and the example request", async () => {
    const op = FIXTURE_OPERATIONS.find((o) => o.method === "POST")!;
    const { page, errors } = await openPage("/");
    await page.locator(`tr.endpoint[data-route="POST ${op.path}"] a.docs-link`).click();
    await page.waitForURL(`${origin}${op.path}`);
    expect(await page.title()).toBe(op.title);
    expect(await page.locator("h1").textContent()).toBe(op.title);
    expect(await page.locator("header.hero").textContent()).toContain(`$${op.price} USDC`);
    expect(await page.locator("table.schema").first().textContent()).toContain("addresses");
    const example = (await page.locator("pre.request-example").textContent()) ?? "";
    expect(JSON.parse(example)).toEqual(op.inputExample);
    expect(await page.locator("pre.curl-example").textContent()).toContain(`${origin}${op.path}`);
    await page.screenshot({ path: `${SCREENSHOTS}/svc-docs-page.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
  it("the MCP docs page renders its tools, prompts and client config, and every link on it resolves", async () => {
    const { page, errors, response } = await openPage("/");
    expect(response?.status()).toBe(200);
    await page.locator('a[href="/mcp/docs"]').first().click();
    await page.waitForURL(`${origin}/mcp/docs`);
    expect(await page.title()).toBe("MCP tool server");
    expect(await page.locator("table.tools tr.tool").count()).toBe(TOOLS.length);
    expect(await page.locator("table.prompts tr.prompt").count()).toBe(PROMPTS.length);
    expect(await page.locator('tr.tool[data-tool="ofac_wallet_report"]').textContent()).toContain(
      "pdf: $0.09 USDC",
    );
    const tool = page.locator("section#tool-ofac_wallet_screen");
    expect(await tool.locator("div.tool-arguments > div.table-scroll > table.schema").count()).toBe(
      1,
    );
    expect(await tool.locator("div.tool-result").textContent()).toContain("nearMatches");
    const config = JSON.parse((await page.locator("pre.client-config").textContent()) ?? "");
    expect(config).toEqual({ mcpServers: { "ofac-screening": { url: `${origin}/mcp` } } });
    const stdio = JSON.parse((await page.locator("pre.stdio-config").textContent()) ?? "");
    expect(stdio).toEqual({
      mcpServers: {
        "ofac-screening": { command: "node", args: ["/absolute/path/to/apps/mcp/dist/main.js"] },
      },
    });
    await page.screenshot({ path: `${SCREENSHOTS}/svc-mcp-docs.png`, fullPage: true });

    const hrefs = await Promise.all(
      (await page.locator("a[href]").all()).map(
        async (a) => new URL((await a.getAttribute("href")) ?? "", page.url()).href,
      ),
    );
    const links = [...new Set(hrefs)];
    for (const path of ["/api", "/openapi.json", "/.well-known/mcp/server-card.json"]) {
      expect(links).toContain(`${origin}${path}`);
    }
    for (const link of links) {
      expect(link.startsWith(origin), link).toBe(true);
      const res = await fetch(link, { headers: { Accept: "text/html" } });
      expect(res.status, link).toBeLessThan(400);
      // An in-page link names a section that is there.
      const hash = new URL(link).hash;
      if (hash !== "") expect(await page.locator(hash).count(), link).toBe(1);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
