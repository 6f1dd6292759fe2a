import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { generateSigningKey, publicJwk, type SigningKey } from "@svc/attestations";
import { connectLinked } from "@svc/test-support/mcp-client";
import { payerOf, payingFetch } from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import {
  extractJWSHeader,
  extractOffersFromPaymentRequired,
  extractReceiptFromResponse,
  type JWSSignedOffer,
  type JWSSignedReceipt,
  OFFER_RECEIPT,
  verifyOfferSignatureJWS,
  verifyReceiptSignatureJWS,
} from "@x402/extensions/offer-receipt";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaymentGate } from "../gate/payment-gate.js";
import {
  callPaidTool,
  MCP_PAYMENT_META,
  MCP_PAYMENT_RESPONSE_META,
} from "../mcp/paid-tool-call.js";
import { baseTerms } from "../schemes/exact-evm/base-terms.js";
import { BASE_NETWORK, BASE_USDC } from "../schemes/exact-evm/usdc-on-base.js";
import { createPaymentServer } from "../server/payment-server.js";
import { MAX_TIMEOUT_SECONDS } from "../terms/usdc.js";
import { paidApp } from "../test-support/paid-app.js";
import { offerReuseMs } from "./offer-receipt-terms.js";

// The service's key signs offers and receipts through @x402/extensions' offer-receipt extension;
// everything here is checked with that package's own helpers (extract…, verify…SignatureJWS)
// against the public key as the service publishes it, on the real devnet (anvil + facilitator).
let devnet: Devnet;
let key: SigningKey;
let app: Hono;
const URL_BASE = "http://svc.test";

beforeAll(async () => {
  devnet = await startDevnet({ payers: 3 });
  key = await generateSigningKey();
  ({ app } = paidApp(
    createPaymentServer(devnet.facilitator, { signingKey: key }),
    baseTerms(devnet.payTo),
  ));
});
afterAll(async () => {
  await devnet?.stop();
});

const payer = (i: number) => devnet.payers[i]!;
const requiredOf = (res: Response): PaymentRequired =>
  decodePaymentRequiredHeader(res.headers.get("PAYMENT-REQUIRED") as string);
const onlyOffer = (paymentRequired: PaymentRequired): JWSSignedOffer => {
  const offers = extractOffersFromPaymentRequired(paymentRequired);
  expect(offers).toHaveLength(1);
  expect(offers[0]?.format).toBe("jws");
  return offers[0] as JWSSignedOffer;
};
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe("an unpaid 402 carries a signed offer", () => {
  it("that verifies with the published key and names the requested URL and the terms", async () => {
    const res = await app.request(`${URL_BASE}/paid/echo`, { method: "POST", body: "{}" });
    expect(res.status).toBe(402);
    // The offers are x402 v2's (an extension): in the header, beside the terms; the body states
    // the terms in v1's words, which has no extensions.
    const body = (await res.json()) as { x402Version: number };
    expect(body.x402Version).toBe(1);
    const header = requiredOf(res);
    const offer = onlyOffer(header);
    expect(offer.acceptIndex).toBe(0);
    expect(extractJWSHeader(offer.signature)).toEqual({ alg: "EdDSA", kid: key.kid });

    const signed = await verifyOfferSignatureJWS(offer, publicJwk(key));
    expect(signed).toMatchObject({
      version: 1,
      resourceUrl: `${URL_BASE}/paid/echo`,
      scheme: "exact",
      network: BASE_NETWORK,
      asset: BASE_USDC,
      payTo: devnet.payTo,
      amount: "10000",
    });
    expect(signed.validUntil).toBeGreaterThan(nowSeconds());
    expect(signed.validUntil).toBeLessThanOrEqual(nowSeconds() + MAX_TIMEOUT_SECONDS);
  });

  it("for the URL each request named, though the route's challenge is built once", async () => {
    for (const id of ["7", "8", "7"]) {
      const res = await app.request(`${URL_BASE}/paid/item/${id}?q=${id}`);
      expect(res.status).toBe(402);
      const signed = await verifyOfferSignatureJWS(onlyOffer(requiredOf(res)), publicJwk(key));
      expect(signed.resourceUrl).toBe(`${URL_BASE}/paid/item/${id}?q=${id}`);
    }
  });

  it("and so does a refused payment's 402, for its own URL", async () => {
    const res = await app.request(`${URL_BASE}/paid/item/9`, {
      headers: { "PAYMENT-SIGNATURE": "not base64 json" },
    });
    expect(res.status).toBe(402);
    const refused = requiredOf(res);
    expect(refused.error).toBe("invalid_payment_header");
    const signed = await verifyOfferSignatureJWS(onlyOffer(refused), publicJwk(key));
    expect(signed.resourceUrl).toBe(`${URL_BASE}/paid/item/9`);
  });
});

describe("a paid call carries a signed receipt", () => {
  it("in PAYMENT-RESPONSE, naming its transaction, its payer and the resource URL", async () => {
    const res = await payingFetch((r) => app.request(r), payer(0).privateKey)(
      `${URL_BASE}/paid/echo`,
      { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"text":"hi"}' },
    );
    expect(res.status).toBe(200);
    const settled = decodePaymentResponseHeader(res.headers.get("PAYMENT-RESPONSE") as string);
    const receipt = extractReceiptFromResponse(res);
    expect(receipt?.format).toBe("jws");
    expect(extractJWSHeader((receipt as JWSSignedReceipt).signature).kid).toBe(key.kid);

    const signed = await verifyReceiptSignatureJWS(receipt as JWSSignedReceipt, publicJwk(key));
    expect(signed).toMatchObject({
      version: 1,
      resourceUrl: `${URL_BASE}/paid/echo`,
      network: BASE_NETWORK,
      payer: payer(0).address,
      transaction: settled.transaction,
    });
    const mined = await devnet.publicClient.getTransactionReceipt({
      hash: signed.transaction as `0x${string}`,
    });
    expect(mined.status).toBe("success");
  });
});

describe("a paid MCP tool call carries a signed receipt", () => {
  let client: Client;
  beforeAll(async () => {
    const gate = new PaymentGate(
      createPaymentServer(devnet.facilitator, { signingKey: key }),
      {
        price: "0.01",
        description: "test tool paid_echo",
        url: "mcp://tool/paid_echo",
        mimeType: "application/json",
      },
      baseTerms(devnet.payTo),
    );
    const server = new Server({ name: "test", version: "0.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(
      CallToolRequestSchema,
      async (request) =>
        callPaidTool(gate, request.params._meta, async () => ({
          content: [{ type: "text", text: "echo" }],
        })) as never,
    );
    client = await connectLinked(server);
  });
  afterAll(async () => {
    await client?.close();
  });

  it("in _meta, after an unpaid call whose offer names the tool", async () => {
    const unpaid = await client.callTool({ name: "paid_echo", arguments: {} });
    const required = unpaid.structuredContent as unknown as PaymentRequired;
    const offered = await verifyOfferSignatureJWS(onlyOffer(required), publicJwk(key));
    expect(offered.resourceUrl).toBe("mcp://tool/paid_echo");

    const payment = await payerOf(payer(1).privateKey).createPaymentPayload(required);
    const paid = await client.callTool({
      name: "paid_echo",
      arguments: {},
      _meta: { [MCP_PAYMENT_META]: payment },
    });
    expect(paid.isError).toBeFalsy();
    const settled = paid._meta?.[MCP_PAYMENT_RESPONSE_META] as SettleResponse;
    const extension = settled.extensions?.[OFFER_RECEIPT] as
      | { info: { receipt: JWSSignedReceipt } }
      | undefined;
    const receipt = extension?.info.receipt as JWSSignedReceipt;
    expect(receipt?.format).toBe("jws");
    const signed = await verifyReceiptSignatureJWS(receipt, publicJwk(key));
    expect(signed).toMatchObject({
      resourceUrl: "mcp://tool/paid_echo",
      network: BASE_NETWORK,
      payer: payer(1).address,
      transaction: settled.transaction,
    });
  });
});

describe("forged evidence does not verify", () => {
  it("an offer signed by another key, under the service's kid, fails against the published key", async () => {
    const other = { ...(await generateSigningKey()), kid: key.kid };
    const forger = paidApp(
      createPaymentServer(devnet.facilitator, { signingKey: other }),
      baseTerms(devnet.payTo),
    );
    const res = await forger.app.request(`${URL_BASE}/paid/echo`, { method: "POST", body: "{}" });
    const forged = onlyOffer(requiredOf(res));
    expect(extractJWSHeader(forged.signature).kid).toBe(key.kid);
    await expect(verifyOfferSignatureJWS(forged, publicJwk(key))).rejects.toThrow();
    // The forger's own key does verify it: the failure is the key, not the shape.
    await expect(verifyOfferSignatureJWS(forged, publicJwk(other))).resolves.toMatchObject({
      resourceUrl: `${URL_BASE}/paid/echo`,
    });
  });

  it("a genuine offer whose amount is edited fails", async () => {
    const res = await app.request(`${URL_BASE}/paid/echo`, { method: "POST", body: "{}" });
    const offer = onlyOffer(requiredOf(res));
    const [header, payload, signature] = offer.signature.split(".") as [string, string, string];
    const edited = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    edited.amount = "1";
    const tampered = `${header}.${Buffer.from(JSON.stringify(edited)).toString("base64url")}.${signature}`;
    await expect(
      verifyOfferSignatureJWS({ ...offer, signature: tampered }, publicJwk(key)),
    ).rejects.toThrow();
  });
});

describe("signed offers expire, so a reused challenge is re-signed", () => {
  it("the unpaid 402 of a URL is reused within its reuse time and re-signed after it", async () => {
    // ES256 signatures are randomized: a re-signed offer differs even within the same second.
    const es256 = await generateSigningKey({ algorithm: "ES256" });
    let skewMs = 0;
    const terms = baseTerms(devnet.payTo);
    const clocked = paidApp(createPaymentServer(devnet.facilitator, { signingKey: es256 }), terms, {
      now: () => Date.now() + skewMs,
    });
    const challenge = async () =>
      (
        await clocked.app.request(`${URL_BASE}/paid/echo`, { method: "POST", body: "{}" })
      ).headers.get("PAYMENT-REQUIRED") as string;
    const first = await challenge();
    expect(await challenge()).toBe(first);
    const reuseMs = offerReuseMs(terms.maxTimeoutSeconds);
    expect(reuseMs).toBeLessThanOrEqual((MAX_TIMEOUT_SECONDS * 1000) / 4);
    skewMs = reuseMs + 1;
    const resigned = await challenge();
    expect(resigned).not.toBe(first);
    const offer = onlyOffer(decodePaymentRequiredHeader(resigned));
    expect(extractJWSHeader(offer.signature).alg).toBe("ES256");
    await expect(verifyOfferSignatureJWS(offer, publicJwk(es256))).resolves.toMatchObject({
      resourceUrl: `${URL_BASE}/paid/echo`,
    });
  });
});

describe("an unpaid flood costs at most one signature per cache miss", () => {
  it("concurrent unpaid requests for one new URL share one signed offer", async () => {
    // ES256 signatures are randomized: two signings of one offer never give the same JWS.
    const es256 = await generateSigningKey({ algorithm: "ES256" });
    const flooded = paidApp(
      createPaymentServer(devnet.facilitator, { signingKey: es256 }),
      baseTerms(devnet.payTo),
    );
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => flooded.app.request(`${URL_BASE}/paid/item/42`)),
    );
    const signatures = new Set(responses.map((res) => onlyOffer(requiredOf(res)).signature));
    expect(signatures.size).toBe(1);
  });
});

describe("a server without a signing key", () => {
  it("sends no offers and no receipt", async () => {
    const plain = paidApp(createPaymentServer(devnet.facilitator), baseTerms(devnet.payTo));
    const unpaid = await plain.app.request(`${URL_BASE}/paid/echo`, {
      method: "POST",
      body: "{}",
    });
    const required = requiredOf(unpaid);
    expect(required.extensions).not.toHaveProperty(OFFER_RECEIPT);
    expect(extractOffersFromPaymentRequired(required)).toEqual([]);
    const paid = await payingFetch((r) => plain.app.request(r), payer(2).privateKey)(
      `${URL_BASE}/paid/echo`,
      { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" },
    );
    expect(paid.status).toBe(200);
    expect(paid.headers.get("PAYMENT-RESPONSE")).toBeTruthy();
    expect(extractReceiptFromResponse(paid)).toBeUndefined();
  });
});
