import { type Address, isAddress } from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import type { Network } from "@x402/core/types";
import { ExactSvmScheme } from "@x402/svm/exact/server";
import type { PaymentScheme } from "../../scheme/payment-scheme.js";
import { readSolanaTransfer } from "./solana-transfer.js";
import {
  SOLANA_DEVNET_NETWORK,
  SOLANA_DEVNET_USDC,
  SOLANA_NETWORK,
  SOLANA_PAYMENT_LIFETIME_SECONDS,
  SOLANA_USDC,
} from "./usdc-on-solana.js";

/**
 * x402's `exact` scheme on Solana, paid by an SPL `TransferChecked` of USDC: the payer signs a
 * transaction moving the price from their token account to the payee's associated token
 * account, whose fee payer is the facilitator (it adds its signature and sends it). The
 * transaction's message is the payment (its hash the key it is reserved under): the chain runs
 * one message once, while its recent blockhash lives. Everything Solana-shaped about being paid
 * lives in this folder.
 */
export const exactSvm: PaymentScheme = {
  scheme: "exact",
  networks: {
    [SOLANA_NETWORK]: {
      address: SOLANA_USDC,
      extra: {},
      label: "USDC on Solana",
      v1Network: "solana",
    },
    [SOLANA_DEVNET_NETWORK]: {
      address: SOLANA_DEVNET_USDC,
      extra: {},
      label: "USDC on Solana devnet, a testnet",
      v1Network: "solana-devnet",
    },
  },
  spells: (network) => network.startsWith("solana:"),
  // Base58 is case-sensitive: an address or hash has one spelling, the one given.
  canonical: (part) => part,
  readAuthorization(payload) {
    const transfer = readSolanaTransfer(payload);
    if (transfer === undefined) return undefined;
    return {
      payer: transfer.authority,
      nonce: transfer.messageHash,
      payTo: transfer.destination,
      value: transfer.amount,
      window: undefined,
    };
  },
  async recipientOf(payTo, asset) {
    const [account] = await findAssociatedTokenPda({
      owner: payTo as Address,
      mint: asset as Address,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    return account;
  },
  lifetimeSeconds: SOLANA_PAYMENT_LIFETIME_SECONDS,
  refusals: {
    amountMismatch: "invalid_exact_svm_payload_amount_mismatch",
    recipientMismatch: "invalid_exact_svm_payload_recipient_mismatch",
  },
  payee: {
    test: (address) => isAddress(address),
    shape: "must be a Solana address (base58, 32 bytes)",
  },
  // The local Solana runtime makes fresh keys on every start: there are no public ones.
  devnet: { isPublicAccount: () => false, holdsPublicSecret: () => false },
  register(server, network) {
    server.register(network, new ExactSvmScheme());
    const v1 = exactSvm.networks[network]?.v1Network;
    if (v1 !== undefined) server.register(v1 as Network, new ExactSvmScheme());
    return server;
  },
};
