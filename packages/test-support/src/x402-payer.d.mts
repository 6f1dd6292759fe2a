import type { x402Client } from "@x402/core/client";
import type {
  PaymentPayload,
  PaymentPayloadV1,
  PaymentRequired,
  PaymentRequiredV1,
} from "@x402/core/types";
import type { Hex } from "viem";

/** A network in CAIP-2 form, as x402 names it. */
export type Network = `${string}:${string}`;

/** An x402 v2 client paying from `privateKey` on `network` (Base by default), as an agent does. */
export function payerOf(privateKey: Hex, network?: Network): x402Client;

/** What answers a web request in this process: an app's `request`, a host's handler, a fetch. */
export type Answer = (request: Request) => Response | Promise<Response>;

/** fetch that pays 402s from `privateKey`, each request handed to `answer` in this process. */
export function payingFetch(answer: Answer, privateKey: Hex, network?: Network): typeof fetch;

/** fetch that pays 402s from `privateKey` over the network, as an agent paying a running service. */
export function payingNetworkFetch(privateKey: Hex, network?: Network): typeof fetch;

/** One entry of a 402's `accepts`. */
export type Accepted = PaymentRequired["accepts"][number];

/**
 * A payload for the first `accepts` entry of a 402 (each entry possibly altered before signing),
 * signed by a client of Base.
 */
export function payloadFor(
  paymentRequired: PaymentRequired,
  privateKey: Hex,
  alter?: (accepted: Accepted) => Accepted,
): Promise<PaymentPayload>;

/**
 * A payload whose EIP-3009 authorization is signed with chosen validity times and EIP-712 domain
 * (the stock client always signs validAfter 0, validBefore now + maxTimeoutSeconds, and the
 * domain of the requirements).
 */
export function payloadSignedWith(
  paymentRequired: PaymentRequired,
  privateKey: Hex,
  options?: {
    readonly validAfter?: bigint;
    readonly validBefore?: bigint;
    readonly chainId?: number;
    readonly verifyingContract?: Hex;
  },
): Promise<PaymentPayload>;

/** The `PAYMENT-SIGNATURE` header that carries `payload`. */
export function paymentHeader(payload: PaymentPayload): string;

/** An x402 v1 client paying from `privateKey` on v1's `network` name (`base` by default). */
export function v1PayerOf(privateKey: Hex, network?: string): x402Client;

/** One entry of a v1 402's `accepts`. */
export type AcceptedV1 = PaymentRequiredV1["accepts"][number];

/** A v1 payload for the first `accepts` entry of a v1 402 body (each entry possibly altered). */
export function v1PayloadFor(
  paymentRequiredV1: PaymentRequiredV1,
  privateKey: Hex,
  alter?: (accepted: AcceptedV1) => AcceptedV1,
): Promise<PaymentPayloadV1>;

/** The v1 `X-PAYMENT` header that carries a v1 `payload`. */
export function v1PaymentHeader(payload: PaymentPayloadV1): string;
