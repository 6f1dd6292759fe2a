import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  generateSigningKey,
  parseJwks,
  publicJwk,
  publicJwks,
  type SigningKey,
  verifyAttestation,
} from "@svc/attestations";
import { createPaymentServer, MCP_PAYMENT_META, MCP_PAYMENT_RESPONSE_META } from "@svc/payments";
import { renderDocument } from "@svc/renderers";
import { type Served, serveOnLoopback } from "@svc/test-support/loopback";
import { connectHttp } from "@svc/test-support/mcp-client";
import { payerOf } from "@svc/test-support/x402-payer";
import type { PaymentPayload, PaymentRequired, SettleResponse } from "@x402/core/types";
import {
  extractOffersFromPaymentRequired,
  OFFER_RECEIPT,
  type SignedReceipt,
  verifyOfferSignatureJWS,
  verifyReceiptSignatureJWS,
} from "@x402/extensions/offer-receipt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.js";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";

// The hosted tool server with the service's signing key, as a client meets it: the SDK's clients
// over streamable HTTP against the app on a loopback port, paying for real on the local chain.
// A paid screening tool's answer carries its attestation (signed before settlement, naming the
// payment's authorization); its settlement carries the x402 signed receipt (naming the
// transaction), checked with the offer-receipt extension's own verifier.
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const CLEAR = "0x0000000000000000000000000000000000000001";
let stack: PaidStack;
let key: SigningKey;
let served: Served;

beforeAll(async () => {
  [stack, key] = await Promise.all([startPaidStack(), generateSigningKey()]);
  const payments = {
    ...stack.common.payments,
    server: createPaymentServer(stack.devnet.facilitator, { signingKey: key }),
  };
  served = await serveOnLoopback(
    createApp({
      ...stack.common,
      payments,
      render: renderDocument,
      attestation: { key, retired: [] },
    }),
  );
});
afterAll(async () => {
  await served?.close();
  await stack?.stop();
});

interface Screened {
  readonly query: { readonly normalizedAddress: string };
  readonly summary: { readonly status: string };
}
type CallResult = Awaited<ReturnType<Client["callTool"]>>;
const structured = (r: CallResult) => r.structuredContent as Record<string, unknown>;
const authorizationOf = (payment: PaymentPayload) =>
  (payment.payload as { authorization: { from: string; nonce: string } }).authorization;

describe.each([
  ["2025-11-25", () => connectHttp(`${served.origin}/mcp`)],
  [
    "2026-07-28",
    () => connectHttp(`${served.origin}/mcp`, "2026-07-28") as unknown as Promise<Client>,
  ],
] as const)("the hosted /mcp with a signing key, to a client of MCP %s", (_generation, connect) => {
  let client: Client;
  beforeAll(async () => {
    client = await connect();
    await client.listTools(); // the client then checks each result against its outputSchema
  });
  afterAll(async () => client?.close());

  /** `tool` unpaid (signed offers, nothing attested), then paid by payer `i`. */
  async function paidCall(tool: string, args: Record<string, unknown>, i: number) {
    const unpaid = await client.callTool({ name: tool, arguments: args });
    expect(unpaid.isError).toBe(true);
    expect(structured(unpaid).attestation).toBeUndefined();
    const required = unpaid.structuredContent as unknown as PaymentRequired;
    const payment = await payerOf(stack.devnet.payers[i]!.privateKey).createPaymentPayload(
      required,
    );
    const paid = await client.callTool({
      name: tool,
      arguments: args,
      _meta: { [MCP_PAYMENT_META]: payment },
    });
    expect(paid.isError, JSON.stringify(paid.structuredContent)).toBeFalsy();
    return { required, paid, authorization: authorizationOf(payment) };
  }

  it("a paid batch_wallet_screen: its attestation verifies, names this service, the payer and nonce of the payment, and the tool's results", async () => {
    const { paid, authorization } = await paidCall(
      "batch_wallet_screen",
      { addresses: [LISTED, CLEAR] },
      0,
    );
    const jws = structured(paid).attestation as string;
    const { claims, kid } = await verifyAttestation(jws, publicJwks([key]));
    expect(kid).toBe(key.kid);
    expect(claims.baseUrl).toBe(served.origin);
    // The key set the service publishes under the base URL the claims name verifies it too.
    const published = await fetch(`${claims.baseUrl}/.well-known/jwks.json`);
    expect((await verifyAttestation(jws, parseJwks(await published.text()))).claims).toEqual(
      claims,
    );
    expect(claims.payment).toMatchObject({
      payer: authorization.from.toLowerCase(),
      authorizationNonce: authorization.nonce.toLowerCase(),
    });
    const results = (structured(paid).data as { results: Screened[] }).results;
    expect(claims.result.map((r) => [r.normalizedAddress, r.status])).toEqual(
      results.map((r) => [r.query.normalizedAddress, r.summary.status]),
    );
  });

  it("a paid edd_report: its attestation verifies and attests the memo's screening", async () => {
    const { paid, authorization } = await paidCall(
      "edd_report",
      { subject_name: "Acme Trading", addresses: [LISTED], output_format: "json" },
      1,
    );
    const { claims } = await verifyAttestation(
      structured(paid).attestation as string,
      publicJwks([key]),
    );
    expect(claims.payment).toMatchObject({
      authorizationNonce: authorization.nonce.toLowerCase(),
    });
    const screening = (structured(paid).data as { screening: { results: Screened[] } }).screening;
    expect(claims.result.map((r) => [r.normalizedAddress, r.status])).toEqual(
      screening.results.map((r) => [r.query.normalizedAddress, r.summary.status]),
    );
  });

  it("the 402 of a tool carries signed offers and the paid answer a signed receipt of its settlement, both verified by @x402/extensions", async () => {
    const { required, paid, authorization } = await paidCall(
      "ofac_wallet_screen",
      { address: LISTED },
      2,
    );
    const [offer] = extractOffersFromPaymentRequired(required);
    expect(offer).toBeDefined();
    expect(await verifyOfferSignatureJWS(offer as never, publicJwk(key))).toMatchObject({
      resourceUrl: `${served.origin}/mcp?tool=ofac_wallet_screen`,
      payTo: stack.devnet.payTo,
      amount: "10000",
    });
    const settled = paid._meta?.[MCP_PAYMENT_RESPONSE_META] as SettleResponse;
    expect(settled).toMatchObject({ success: true });
    const receipt = (settled.extensions?.[OFFER_RECEIPT] as { info?: { receipt?: SignedReceipt } })
      ?.info?.receipt;
    expect(receipt?.format).toBe("jws");
    const payload = await verifyReceiptSignatureJWS(receipt as never, publicJwk(key));
    expect(payload).toMatchObject({
      resourceUrl: `${served.origin}/mcp?tool=ofac_wallet_screen`,
      network: "eip155:8453",
      transaction: settled.transaction,
    });
    expect(payload.payer.toLowerCase()).toBe(authorization.from.toLowerCase());
  });
});
