import type { ApiCatalog, Inventory } from "@svc/service-docs";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BROWSER,
  type DiscoveryApp,
  SERVED_OPERATIONS,
  startDiscoveryApp,
} from "./test-support/discovery-app.js";

// Served over the real app: the payment gates are in place, so documents and 402s can be compared.
let svc: DiscoveryApp;
beforeAll(async () => {
  svc = await startDiscoveryApp();
});
afterAll(async () => {
  await svc?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) => svc.get(path, headers);

describe("the documents say exactly what the 402 says", () => {
  it("every catalog entry's payment and accepts, and every inventory resource, equal its route's 402 accepts", async () => {
    const catalog = (await (await get("/api")).json()) as ApiCatalog;
    const inventory = (await (await get("/.well-known/x402-aurelian.json")).json()) as Inventory;
    expect(catalog.baseUrl).toBe("http://screen.test");
    for (const entry of catalog.catalog) {
      const res = await svc.app.request(entry.exampleUrl, {
        method: entry.method,
        headers: { Host: "screen.test", "Content-Type": "application/json" },
        ...(entry.method === "POST" ? { body: "{}" } : {}),
      });
      expect(res.status).toBe(402);
      const required = decodePaymentRequiredHeader(
        res.headers.get("PAYMENT-REQUIRED") as string,
      ) as PaymentRequired;
      const [accepts] = required.accepts;
      const { scheme, network, asset, payTo, amount, maxTimeoutSeconds } = accepts!;
      expect(entry.payment).toEqual({ scheme, network, asset, payTo, amount, maxTimeoutSeconds });
      // And every network's entry, in the 402's order.
      expect(entry.accepts).toEqual(
        required.accepts.map((r) => ({
          scheme: r.scheme,
          network: r.network,
          asset: r.asset,
          payTo: r.payTo,
          amount: r.amount,
          maxTimeoutSeconds: r.maxTimeoutSeconds,
        })),
      );
      const resource = inventory.resources.find(
        (r) => r.resource === `http://screen.test${entry.path}`,
      );
      expect(resource?.accepts).toEqual(required.accepts);
      expect(resource?.description).toBe(required.resource.description);
      expect(resource?.mimeType).toBe(required.resource.mimeType);
    }
  });
});

describe("GET /api and GET /", () => {
  it("/api is JSON by default and HTML for a browser, varying on Accept", async () => {
    const json = await get("/api");
    expect(json.headers.get("content-type")).toMatch(/^application\/json/);
    expect(json.headers.get("vary")).toMatch(/Accept/);
    const page = await get("/api", BROWSER);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(await page.text()).toContain("POST /api/workflows/fixture/batch-screen");
  });

  it("/ is the landing page, with every endpoint and its price", async () => {
    const page = await (await get("/", BROWSER)).text();
    expect(page).toContain("<title>");
    for (const op of SERVED_OPERATIONS) {
      expect(page).toContain(`data-route="${op.method} ${op.path}"`);
    }
    expect(page).toContain("$0.10 USDC");
    expect((await get("/", { Accept: "application/json" })).headers.get("content-type")).toMatch(
      /json/,
    );
  });

  it("a configured base URL wins over the Host header", async () => {
    const configured = await startDiscoveryApp({ baseUrl: "https://api.example.com/" });
    try {
      const res = await configured.app.request("http://x.test/openapi.json", {
        headers: { Host: "evil.test" },
      });
      expect(((await res.json()) as { servers: unknown }).servers).toEqual([
        { url: "https://api.example.com", "x-internal": false },
      ]);
    } finally {
      await configured.stop();
    }
  });
});

describe("docs on the paid POST routes", () => {
  const path = "/api/workflows/fixture/batch-screen";

  it("GET is the free docs page (HTML), JSON with ?format=json or Accept: application/json", async () => {
    const page = await get(path, BROWSER);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("How to pay with x402");
    for (const res of [
      await get(`${path}?format=json`, BROWSER),
      await get(path, { Accept: "application/json" }),
    ]) {
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        routeKey: `POST ${path}`,
        method: "POST",
        path,
        price: "$0.10 USDC",
        outputKind: "json",
        docsOnlyGet: true,
        requestExample: { addresses: ["0x098B716B8Aaf21512996dC57EB0615e2383E2f96"], asset: "ETH" },
        links: { catalog: "http://screen.test/api", openapi: "http://screen.test/openapi.json" },
      });
    }
  });

  it("the POST stays behind the payment gate; HEAD and OPTIONS answer without running anything", async () => {
    const post = await svc.app.request(`http://screen.test${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ addresses: ["0x098B716B8Aaf21512996dC57EB0615e2383E2f96"] }),
    });
    expect(post.status).toBe(402);
    expect(post.headers.get("PAYMENT-REQUIRED")).toBeTruthy();

    const head = await svc.app.request(`http://screen.test${path}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await head.text()).toBe("");

    const options = await svc.app.request(`http://screen.test${path}`, {
      method: "OPTIONS",
      headers: { Origin: "https://app.test", "Access-Control-Request-Method": "POST" },
    });
    expect(options.status).toBe(204);
    expect(options.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("the document route's docs say it returns a document", async () => {
    const docs = await (await get("/api/tools/fixture/pdf/generate?format=json")).json();
    expect(docs).toMatchObject({ outputKind: "document", outputMimeType: "application/pdf" });
  });

  it("the paid GET route's docs page is a GET on its path less the parameter; with the address, a GET is the paid call (402)", async () => {
    const res = await get(
      "/api/fixture-screen/0x098B716B8Aaf21512996dC57EB0615e2383E2f96",
      BROWSER,
    );
    expect(res.status).toBe(402);
    const page = await get("/api/fixture-screen", BROWSER);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("How to pay with x402");
    expect(html).toContain("dry_run=1");
    const docs = await (await get("/api/fixture-screen?format=json")).json();
    expect(docs).toMatchObject({
      routeKey: "GET /api/fixture-screen/:address",
      docsOnlyGet: false,
      docsUrl: "http://screen.test/api/fixture-screen",
    });
  });

  it("unknown routes stay JSON 404s", async () => {
    const res = await get("/api/workflows/fixture/nope", BROWSER);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "ENDPOINT_NOT_FOUND" });
  });
});
