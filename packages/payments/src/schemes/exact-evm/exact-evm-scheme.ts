import type { Network } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/server";
import { REFUSALS } from "../../authorization/refusal-reasons.js";
import type { PaymentScheme } from "../../scheme/payment-scheme.js";
import { holdsDevnetKey, isDevnetAccount } from "./devnet-keys.js";
import { readExactAuthorization } from "./eip3009-authorization.js";
import { canonicalHex, EVM_ADDRESS } from "./evm-address.js";
import { rpcPaymentChain } from "./evm-payment-chain.js";
import {
  BASE_NETWORK,
  BASE_SEPOLIA_NETWORK,
  BASE_SEPOLIA_USDC,
  BASE_USDC,
  SEPOLIA_USDC_EIP712,
  USDC_EIP712,
} from "./usdc-on-base.js";

/**
 * x402's `exact` scheme on EVM networks, paid by EIP-3009 `transferWithAuthorization` of USDC:
 * the payer signs a transfer (from, to, value, validity window, random 32-byte nonce) that the
 * facilitator submits; the token contract refuses a nonce used before, so payer and nonce are
 * the payment. Everything EVM-shaped about being paid lives in this folder.
 */
export const exactEvm: PaymentScheme = {
  scheme: "exact",
  networks: {
    [BASE_NETWORK]: {
      address: BASE_USDC,
      extra: USDC_EIP712,
      label: "USDC on Base",
      v1Network: "base",
    },
    [BASE_SEPOLIA_NETWORK]: {
      address: BASE_SEPOLIA_USDC,
      extra: SEPOLIA_USDC_EIP712,
      label: "USDC on Base Sepolia, a testnet",
      v1Network: "base-sepolia",
    },
  },
  spells: (network) => network.startsWith("eip155:"),
  canonical: canonicalHex,
  readAuthorization(payload) {
    const a = readExactAuthorization(payload);
    if (a === undefined) return undefined;
    return {
      payer: a.from,
      nonce: a.nonce,
      payTo: a.to,
      value: a.value,
      window: { validAfter: a.validAfter, validBefore: a.validBefore },
    };
  },
  refusals: {
    amountMismatch: REFUSALS.authorizationMismatch,
    recipientMismatch: REFUSALS.recipientMismatch,
  },
  payee: {
    test: (address) => EVM_ADDRESS.test(address),
    shape: "must be a 0x address of 40 hex digits",
  },
  recipientOf: async (payTo) => canonicalHex(payTo),
  devnet: { isPublicAccount: isDevnetAccount, holdsPublicSecret: holdsDevnetKey },
  register(server, network) {
    server.register(network, new ExactEvmScheme());
    // x402 v1 names the network by name (`base`): registered under it too, so the resource
    // server finds the scheme of a v1 payment's requirements and hands it to the facilitator's
    // v1 kind. The server never builds requirements for it: v1's are derived from v2's.
    const v1 = exactEvm.networks[network]?.v1Network;
    if (v1 !== undefined) server.register(v1 as Network, new ExactEvmScheme());
    return server;
  },
  chain: rpcPaymentChain,
};
