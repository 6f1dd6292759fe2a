import { payerOf } from "@svc/test-support/x402-payer";
import { x402Client } from "@x402/core/client";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { ExactEvmSchemeV1 } from "@x402/evm/v1";
import type { Address, Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { DEVNET_NETWORK } from "../chain/devnet-chain.js";
import { type DevnetNetworkId, devnetNetwork } from "../chain/devnet-networks.js";
import { usdcOn } from "../usdc/usdc-token.js";

/** The requirements a paid route on the devnet would advertise ($0.01 by default). */
export function usdcRequirements(
  payTo: Address,
  amount = "10000",
  network: DevnetNetworkId = DEVNET_NETWORK,
): PaymentRequirements {
  const usdc = usdcOn(network);
  return {
    scheme: "exact",
    network,
    amount,
    asset: usdc.address,
    payTo,
    maxTimeoutSeconds: 60,
    extra: { name: usdc.name, version: usdc.version },
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
  return payerOf(payerKey, requirements.network).createPaymentPayload({
    x402Version: 2,
    resource: { url: "http://localhost/paid", description: "test", mimeType: "application/json" },
    accepts: [requirements],
  });
}

/** x402 v1's requirements: the network by name, the amount as a maximum, the resource inline. */
export interface PaymentRequirementsV1 {
  scheme: "exact";
  network: string;
  maxAmountRequired: string;
  resource: string;
  description: string;
  mimeType: string;
  payTo: Address;
  maxTimeoutSeconds: number;
  asset: Address;
  extra: { name: string; version: string };
  outputSchema?: Record<string, unknown>;
}

/** The v1 requirements of the same $0.01 route on `network`, named by its v1 name (`base`). */
export function usdcRequirementsV1(
  payTo: Address,
  amount = "10000",
  network: DevnetNetworkId = DEVNET_NETWORK,
): PaymentRequirementsV1 {
  const usdc = usdcOn(network);
  return {
    scheme: "exact",
    network: devnetNetwork(network).v1Network,
    maxAmountRequired: amount,
    resource: "http://localhost/paid",
    description: "test",
    mimeType: "application/json",
    payTo,
    maxTimeoutSeconds: 60,
    asset: usdc.address,
    extra: { name: usdc.name, version: usdc.version },
  };
}

/**
 * Signs a v1 payment as a v1 buyer of the installed SDK does: @x402/core's x402Client with
 * @x402/evm's v1 exact scheme registered under the v1 network name (`registerV1`), answering a
 * v1 PaymentRequired (`x402Version: 1`) that offers `requirements`. No payload is built by hand.
 */
export function signPaymentV1(
  payerKey: Hex,
  requirements: PaymentRequirementsV1,
): Promise<PaymentPayload> {
  const buyer = new x402Client().registerV1(
    requirements.network as `${string}:${string}`,
    new ExactEvmSchemeV1(privateKeyToAccount(payerKey)),
  );
  return buyer.createPaymentPayload({
    x402Version: 1,
    // The v1 requirements travel through the client's v2-typed API, as a v1 402's body does.
    accepts: [requirements as unknown as PaymentRequirements],
  } as unknown as Parameters<x402Client["createPaymentPayload"]>[0]);
}

/** The requirements in the type the facilitator's API takes (v1's go through v2's types). */
export const asRequirements = (requirements: PaymentRequirementsV1): PaymentRequirements =>
  requirements as unknown as PaymentRequirements;

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
