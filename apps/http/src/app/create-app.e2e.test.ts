import { EMBEDDED_DCA_HISTORY } from "@svc/ofac-index";
import { ListLoader } from "@svc/ofac-index/node";
import { baseTerms, createPaymentServer } from "@svc/payments";
import { renderDocument } from "@svc/renderers";
import { payingFetch } from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app.js";

// The API on the embedded sample edition, paid through the real local settlement stack.
const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
let devnet: Devnet;
let app: Hono;
let empty: Hono;
let loader: ListLoader;

beforeAll(async () => {
  devnet = await startDevnet({ payers: 2 });
  const payments = {
    server: createPaymentServer(devnet.facilitator),
    terms: [baseTerms(devnet.payTo)],
  };
  loader = new ListLoader({ sampleFallback: true });
  await loader.start();
  const shared = { history: () => EMBEDDED_DCA_HISTORY, render: renderDocument, payments };
  app = createApp({ list: loader, ...shared });
  const none = new ListLoader({ sampleFallback: false });
  await none.start();
  empty = createApp({ list: none, ...shared });
});
afterAll(async () => {
  await loader?.stop();
  await devnet?.stop();
});

const paying = (target: Hono, i = 0) => payingFetch(target.request, devnet.payers[i]!.privateKey);

describe("GET /api/ofac-wallet-screen/:address", () => {
  it("answers 402 with the $0.01 terms when unpaid", async () => {
    const res = await app.request(`/api/ofac-wallet-screen/${LAZARUS}`);
    expect(res.status).toBe(402);
    // v2's terms in the header, v1's in the body: the same price and payee.
    const v2 = decodePaymentRequiredHeader(res.headers.get("PAYMENT-REQUIRED") as string);
    expect(v2).toMatchObject({ accepts: [{ amount: "10000", payTo: devnet.payTo }] });
    expect(await res.json()).toMatchObject({
      x402Version: 1,
      accepts: [{ maxAmountRequired: "10000", payTo: devnet.payTo, network: "base" }],
    });
  });

  it("paid, screens the address: a match, with its source, settled on chain", async () => {
    const payee = await devnet.balanceOf(devnet.payTo);
    const res = await paying(app)(`http://svc.test/api/ofac-wallet-screen/${LAZARUS}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      success: boolean;
      source: string;
      data: { summary: unknown; matches: unknown[]; sourceFreshness: { sample: boolean } };
    };
    expect(body.success).toBe(true);
    expect(body.source).toBe("OFAC SDN Advanced XML");
    expect(body.data.summary).toEqual({
      status: "match",
      matchCount: 1,
      exactAddressMatch: true,
      manualReviewRecommended: true,
      nearMatchCount: 0,
    });
    expect(body.data.matches[0]).toMatchObject({
      entityName: "Lazarus Group",
      listedOn: "2019-09-13",
    });
    expect(body.data.sourceFreshness.sample).toBe(true);
    expect(decodePaymentResponseHeader(res.headers.get("PAYMENT-RESPONSE") as string).success).toBe(
      true,
    );
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee + 10_000n);
  });

  it("a refused input after payment is answered 400 with its path and not charged", async () => {
    const payee = await devnet.balanceOf(devnet.payTo);
    const res = await paying(app)(`http://svc.test/api/ofac-wallet-screen/${LAZARUS}?asset=E`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      success: false,
      code: "INVALID_INPUT",
      issues: [{ path: "asset" }],
    });
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee);
  });

  it("without a loaded list, refuses with 503 (never 'clear') and charges nothing", async () => {
    const payee = await devnet.balanceOf(devnet.payTo);
    const res = await paying(empty, 1)(`http://svc.test/api/ofac-wallet-screen/${LAZARUS}`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ success: false, code: "LIST_UNAVAILABLE" });
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee);
    expect((await empty.request("/ready")).status).toBe(503);
    expect((await app.request("/ready")).status).toBe(200);
  });
});

describe("errors", () => {
  it("an unknown route is a JSON 404 with a stable code", async () => {
    const res = await app.request("/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      success: false,
      error: "Not Found",
      code: "ENDPOINT_NOT_FOUND",
    });
  });
});
