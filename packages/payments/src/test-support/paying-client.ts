import { x402Client } from "@x402/core/client";
import { encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequired } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { getAddress, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { BASE_NETWORK } from "../terms/usdc.js";

/** An x402 v2 client paying with a private key, as agents do. */
export const clientOf = (privateKey: Hex) =>
  new x402Client().register(BASE_NETWORK, new ExactEvmScheme(privateKeyToAccount(privateKey)));

/** fetch that pays 402s from `privateKey`, sending requests to `handle` (e.g. `app.request`). */
export const payingFetch = (
  handle: (input: Request) => Response | Promise<Response>,
  privateKey: Hex,
): typeof fetch =>
  wrapFetchWithPayment(
    ((input: string | URL | Request, init?: RequestInit) =>
      Promise.resolve(handle(new Request(input, init)))) as typeof fetch,
    clientOf(privateKey),
  );

/** A payload for the first `accepts` entry (possibly altered before signing). */
export async function payloadFor(
  paymentRequired: PaymentRequired,
  privateKey: Hex,
  alter: (r: PaymentRequired["accepts"][number]) => PaymentRequired["accepts"][number] = (r) => r,
): Promise<PaymentPayload> {
  const altered = { ...paymentRequired, accepts: paymentRequired.accepts.map(alter) };
  return clientOf(privateKey).createPaymentPayload(altered);
}

/**
 * A payload whose EIP-3009 authorization is signed with chosen validity times and EIP-712 domain
 * (the stock client always signs validAfter 0, validBefore now + maxTimeoutSeconds, and the
 * domain of the requirements).
 */
export async function payloadSignedWith(
  paymentRequired: PaymentRequired,
  privateKey: Hex,
  options: {
    validAfter?: bigint;
    validBefore?: bigint;
    chainId?: number;
    verifyingContract?: Hex;
  } = {},
): Promise<PaymentPayload> {
  const base = await payloadFor(paymentRequired, privateKey);
  const req = paymentRequired.accepts[0]!;
  const signed = (base.payload as { authorization: Record<string, string> }).authorization;
  const validAfter = options.validAfter ?? BigInt(signed.validAfter as string);
  const validBefore = options.validBefore ?? BigInt(signed.validBefore as string);
  const account = privateKeyToAccount(privateKey);
  const authorization: Record<string, string> = {
    ...signed,
    validAfter: validAfter.toString(),
    validBefore: validBefore.toString(),
  };
  const signature = await account.signTypedData({
    domain: {
      name: String(req.extra.name),
      version: String(req.extra.version),
      chainId: options.chainId ?? 8453,
      verifyingContract: options.verifyingContract ?? getAddress(req.asset),
    },
    types: {
      TransferWithAuthorization: [
        { name: "from", type: "address" },
        { name: "to", type: "address" },
        { name: "value", type: "uint256" },
        { name: "validAfter", type: "uint256" },
        { name: "validBefore", type: "uint256" },
        { name: "nonce", type: "bytes32" },
      ],
    },
    primaryType: "TransferWithAuthorization",
    message: {
      from: getAddress(authorization.from as string),
      to: getAddress(authorization.to as string),
      value: BigInt(authorization.value as string),
      validAfter,
      validBefore,
      nonce: authorization.nonce as Hex,
    },
  });
  return { ...base, payload: { authorization, signature } };
}

export const header = (payload: PaymentPayload): string => encodePaymentSignatureHeader(payload);
