import { randomBytes } from "node:crypto";
import { Validator } from "@seriousme/openapi-schema-validator";
import { openLedger, type PaymentLedger } from "@svc/ledger";
import { renderDocument } from "@svc/renderers";
import type { ApiCatalog } from "@svc/service-docs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.js";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";
import { ledgerReceipts } from "./payment-receipts.js";

// The whole app (payment gates, CORS, discovery) with and without the receipts of a ledger: the
// documents list the receipt endpoint exactly where it is served.
let stack: PaidStack;
let ledger: PaymentLedger;
const BROWSER = { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
const PATH = "/api/payments/{paymentId}";

type OpenApiDoc = {
  paths: Record<
    string,
    {
      get?: {
        tags: string[];
        parameters: { name: string; in: string; required: boolean }[];
        responses: Record<string, unknown>;
      };
    }
  >;
};

beforeAll(async () => {
  stack = await startPaidStack(1);
  ledger = await openLedger();
});
afterAll(async () => {
  await ledger?.close();
  await stack?.stop();
});

const appWith = (receipts: boolean) =>
  createApp({
    ...stack.common,
    render: renderDocument,
    ...(receipts ? { receipts: ledgerReceipts(ledger) } : {}),
  });

describe("the payment receipt endpoint in the documents", () => {
  it("/api lists it as free, with its path parameter, when the app has receipts", async () => {
    const api = (await (await appWith(true).request("/api")).json()) as ApiCatalog;
    const receipt = api.free.find((e) => e.path === PATH);
    expect(receipt).toMatchObject({
      name: "payment_receipt",
      method: "GET",
      price: "free",
      topic: "payment",
      params: { paymentId: { pattern: "^pay_[0-9a-f]{32}$" } },
    });
    expect(api.free.filter((e) => e.topic === "list").map((e) => e.path)).toEqual([
      "/api/list",
      "/api/list/editions",
      "/api/list/changes",
    ]);
  });

  it("OpenAPI documents it (a required path parameter, 200 / 400 / 404 PAYMENT_NOT_FOUND) and stays valid OpenAPI 3.1", async () => {
    const doc = (await (await appWith(true).request("/openapi.json")).json()) as OpenApiDoc;
    const op = doc.paths[PATH]?.get;
    expect(op?.tags).toEqual(["payment"]);
    expect(op?.parameters).toMatchObject([{ name: "paymentId", in: "path", required: true }]);
    expect(Object.keys(op?.responses ?? {}).sort()).toEqual(["200", "400", "404", "414", "500"]);
    expect(JSON.stringify(op?.responses["404"])).toContain('"enum":["PAYMENT_NOT_FOUND"]');
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("the landing page and the catalog page name it", async () => {
    const app = appWith(true);
    for (const path of ["/", "/api"]) {
      const page = await (await app.request(path, { headers: BROWSER })).text();
      expect(page, path).toContain(`<code>GET ${PATH}</code>`);
    }
  });

  it("an app without receipts neither lists nor serves it", async () => {
    const app = appWith(false);
    const api = (await (await app.request("/api")).json()) as ApiCatalog;
    expect(api.free.map((e) => e.path)).not.toContain(PATH);
    const doc = (await (await app.request("/openapi.json")).json()) as { paths: object };
    expect(Object.keys(doc.paths)).not.toContain(PATH);
    expect(await (await app.request("/", { headers: BROWSER })).text()).not.toContain(
      "/api/payments/",
    );
    const res = await app.request(`/api/payments/pay_${randomBytes(16).toString("hex")}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "ENDPOINT_NOT_FOUND" });
  });

  it("served by the app: free, uncached, readable by a browser client; 404 for an unknown id", async () => {
    const res = await appWith(true).request(`/api/payments/pay_${randomBytes(16).toString("hex")}`);
    expect(res.status).toBe(404);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Access-Control-Expose-Headers")).toContain("PAYMENT-RESPONSE");
    expect(await res.json()).toMatchObject({ code: "PAYMENT_NOT_FOUND" });
  });
});
