import {
  generateSigningKey,
  parseJwks,
  type SigningKey,
  verifyAttestation,
} from "@svc/attestations";
import { ATTESTATION_PATHS } from "@svc/compliance";
import { createPaymentServer } from "@svc/payments";
import { renderDocument } from "@svc/renderers";
import { type Served, serveOnLoopback } from "@svc/test-support/loopback";
import { payerOf } from "@svc/test-support/x402-payer";
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from "@x402/core/http";
import {
  extractJWSHeader,
  extractOffersFromPaymentRequired,
  extractReceiptFromResponse,
  verifyOfferSignatureJWS,
  verifyReceiptSignatureJWS,
} from "@x402/extensions/offer-receipt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app/create-app.js";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";

// The paid HTTP routes of a service with its signing key, as an x402 client meets them on the
// local chain: the 402 carries signed offers, the paid answer a signed receipt of its settlement
// and a signed screening attestation, each checked against the key set the service publishes,
// the offers and receipt with the offer-receipt extension's own helpers.
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
let stack: PaidStack;
let key: SigningKey;
let served: Served;

beforeAll(async () => {
  [stack, key] = await Promise.all([startPaidStack(), generateSigningKey()]);
  served = await serveOnLoopback(
    createApp({
      ...stack.common,
      payments: {
        ...stack.common.payments,
        server: createPaymentServer(stack.devnet.facilitator, { signingKey: key }),
      },
      render: renderDocument,
      attestation: { key, retired: [] },
    }),
  );
});
afterAll(async () => {
  await served?.close();
  await stack?.stop();
});

/** The public key a verifier takes from the service's key set, by the JWS header's kid. */
async function publishedKey(jws: string) {
  const keys = parseJwks(await (await fetch(`${served.origin}${ATTESTATION_PATHS.keys}`)).text());
  const { kid } = extractJWSHeader(jws);
  const found = keys.keys.find((k) => k.kid === kid);
  if (found === undefined) throw new Error(`the key set has no key ${kid}`);
  return found;
}

describe("a paid route of a service with a signing key", () => {
  it("402 → signed offer; paid answer → signed receipt naming its transaction, and an attestation; all verify against /.well-known/jwks.json", async () => {
    const url = `${served.origin}/api/ofac-wallet-screen/${LISTED}`;
    const unpaid = await fetch(url);
    expect(unpaid.status).toBe(402);
    const required = decodePaymentRequiredHeader(unpaid.headers.get("PAYMENT-REQUIRED") ?? "");
    const [offer] = extractOffersFromPaymentRequired(required);
    if (offer === undefined || offer.format !== "jws") throw new Error("no JWS offer in the 402");
    const offered = await verifyOfferSignatureJWS(offer, await publishedKey(offer.signature));
    expect(offered).toMatchObject({
      resourceUrl: url,
      scheme: "exact",
      network: "eip155:8453",
      payTo: stack.devnet.payTo,
      amount: required.accepts[0]?.amount,
    });

    const payer = stack.devnet.payers[0];
    if (payer === undefined) throw new Error("no payer");
    const payment = await payerOf(payer.privateKey).createPaymentPayload(required);
    const paid = await fetch(url, {
      headers: { "PAYMENT-SIGNATURE": encodePaymentSignatureHeader(payment) },
    });
    expect(paid.status).toBe(200);
    const settled = decodePaymentResponseHeader(paid.headers.get("PAYMENT-RESPONSE") ?? "");
    expect(settled.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = extractReceiptFromResponse(paid);
    if (receipt === undefined || receipt.format !== "jws") throw new Error("no JWS receipt");
    const received = await verifyReceiptSignatureJWS(
      receipt,
      await publishedKey(receipt.signature),
    );
    expect(received).toMatchObject({
      resourceUrl: url,
      network: "eip155:8453",
      transaction: settled.transaction,
    });
    expect(received.payer.toLowerCase()).toBe(payer.address.toLowerCase());

    // The screening evidence of the same answer, under the same published key.
    const answer = (await paid.json()) as { attestation: string };
    const { claims } = await verifyAttestation(
      answer.attestation,
      parseJwks(await (await fetch(`${served.origin}${ATTESTATION_PATHS.keys}`)).text()),
    );
    expect(claims.payment).toMatchObject({ payer: payer.address.toLowerCase() });
  });

  it("an offer whose signed amount was edited no longer verifies", async () => {
    const unpaid = await fetch(`${served.origin}/api/ofac-wallet-screen/${LISTED}`);
    const required = decodePaymentRequiredHeader(unpaid.headers.get("PAYMENT-REQUIRED") ?? "");
    const [offer] = extractOffersFromPaymentRequired(required);
    if (offer === undefined || offer.format !== "jws") throw new Error("no JWS offer in the 402");
    // The offer as sent verifies with the published key: only the edit can make it fail below.
    const key = await publishedKey(offer.signature);
    await expect(verifyOfferSignatureJWS(offer, key)).resolves.toMatchObject({ amount: "10000" });
    const [header, payload, signature] = offer.signature.split(".");
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString("utf8"));
    const edited = Buffer.from(JSON.stringify({ ...claims, amount: "1" })).toString("base64url");
    await expect(
      verifyOfferSignatureJWS({ ...offer, signature: `${header}.${edited}.${signature}` }, key),
    ).rejects.toThrow(/signature verification failed/);
  });
});
