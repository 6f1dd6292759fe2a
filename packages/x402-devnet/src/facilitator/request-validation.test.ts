import { describe, expect, it } from "vitest";
import { parseFacilitatorRequest } from "./request-validation.js";

/**
 * The request shape is checked per network: the exact EVM scheme's fields (hex addresses,
 * EIP-3009 authorization) on EVM networks only, so the app can front a facilitator that also
 * serves Solana, whose addresses are base58 and whose payload is a transaction.
 */
const SOLANA = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
const USDC_MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const PAY_TO = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
const FEE_PAYER = "2wKupLR9q6wXYppw8Gr2NvWxKBUqm4PPJKkQfoxHDBg4";
// Any base64: the request's shape is checked here, the transaction by the facilitator's scheme.
const TRANSACTION = Buffer.from("a partly signed transaction").toString("base64");

const v2Requirements = (network: string) => ({
  scheme: "exact",
  network,
  amount: "10000",
  asset: USDC_MINT,
  payTo: PAY_TO,
  maxTimeoutSeconds: 60,
  extra: { feePayer: FEE_PAYER },
});

const v2Body = (network: string) => ({
  x402Version: 2,
  paymentPayload: {
    x402Version: 2,
    resource: { url: "http://localhost/paid" },
    accepted: v2Requirements(network),
    payload: { transaction: TRANSACTION },
  },
  paymentRequirements: v2Requirements(network),
});

const v1Body = (network: string) => ({
  x402Version: 1,
  paymentPayload: {
    x402Version: 1,
    scheme: "exact",
    network,
    payload: { transaction: TRANSACTION },
  },
  paymentRequirements: {
    scheme: "exact",
    network,
    maxAmountRequired: "10000",
    resource: "http://localhost/paid",
    description: "test",
    mimeType: "application/json",
    payTo: PAY_TO,
    maxTimeoutSeconds: 60,
    asset: USDC_MINT,
    extra: { feePayer: FEE_PAYER },
  },
});

describe("parseFacilitatorRequest on networks other than EVM ones", () => {
  it("takes an x402 v2 Solana payment (base58 addresses, a transaction) as it was sent", () => {
    const body = v2Body(SOLANA);
    const parsed = parseFacilitatorRequest(JSON.stringify(body));
    expect(parsed).toEqual({
      ok: true,
      paymentPayload: body.paymentPayload,
      paymentRequirements: body.paymentRequirements,
    });
  });

  it("takes an x402 v1 Solana payment (the network by its v1 name)", () => {
    const body = v1Body("solana");
    const parsed = parseFacilitatorRequest(JSON.stringify(body));
    expect(parsed).toEqual({
      ok: true,
      paymentPayload: body.paymentPayload,
      paymentRequirements: body.paymentRequirements,
    });
  });

  it("still checks the exact EVM fields on EVM networks, v2 (eip155:*) and v1 (base)", () => {
    for (const body of [v2Body("eip155:8453"), v1Body("base")]) {
      const parsed = parseFacilitatorRequest(JSON.stringify(body));
      expect(parsed.ok).toBe(false);
      if (parsed.ok) continue;
      expect(parsed.problem.error).toBe("invalid_request");
      expect(parsed.problem.issues?.map((i) => i.path)).toEqual([
        "paymentRequirements.asset",
        "paymentRequirements.payTo",
        "paymentPayload.payload.signature",
        "paymentPayload.payload.authorization",
      ]);
    }
  });

  it("still checks the envelope of a Solana body", () => {
    const body = v2Body(SOLANA) as { paymentRequirements: Record<string, unknown> };
    delete body.paymentRequirements.payTo;
    const parsed = parseFacilitatorRequest(JSON.stringify(body));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.problem.issues?.map((i) => i.path)).toEqual(["paymentRequirements.payTo"]);
    }
  });
});
