import { payerOf } from "@svc/test-support/x402-payer";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import type { Address, Hex } from "viem";
import { DEVNET_NETWORK } from "../chain/devnet-chain.js";
import { USDC } from "../usdc/usdc-token.js";

/** The requirements a paid route on the devnet would advertise ($0.01 by default). */
export function usdcRequirements(payTo: Address, amount = "10000"): PaymentRequirements {
  return {
    scheme: "exact",
    network: DEVNET_NETWORK,
    amount,
    asset: USDC.address,
    payTo,
    maxTimeoutSeconds: 60,
    extra: { name: USDC.name, version: USDC.version },
  };
}

/**
 * Signs a payment the way an x402 buyer does (the workspace's paying client: @x402/core's
 * x402Client with @x402/evm's exact scheme and a local account), answering a PaymentRequired that
 * offers `requirements`.
 */
export function signPayment(
  payerKey: Hex,
  requirements: PaymentRequirements,
): Promise<PaymentPayload> {
  return payerOf(payerKey, DEVNET_NETWORK).createPaymentPayload({
    x402Version: 2,
    resource: { url: "http://localhost/paid", description: "test", mimeType: "application/json" },
    accepts: [requirements],
  });
}

/** The EIP-3009 part of an exact-scheme payload, for tests that tamper with it. */
export interface Eip3009Payload {
  signature: Hex;
  authorization: {
    from: Address;
    to: Address;
    value: string;
    validAfter: string;
    validBefore: string;
    nonce: Hex;
  };
}

/** A deep copy of `payload` with its EIP-3009 part changed by `edit`. */
export function tamper(
  payload: PaymentPayload,
  edit: (inner: Eip3009Payload) => void,
): PaymentPayload {
  const copy = structuredClone(payload);
  edit(copy.payload as unknown as Eip3009Payload);
  return copy;
}

/** Flips the last hex digit of `hex` (keeps length and format). */
export function flipLastHexDigit(hex: Hex): Hex {
  const last = hex.at(-1) === "0" ? "1" : "0";
  return `${hex.slice(0, -1)}${last}` as Hex;
}
