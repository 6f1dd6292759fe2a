import type { x402ResourceServer } from "@x402/core/server";
import type { Network } from "@x402/core/types";
import type { PaymentChain } from "./payment-chain.js";

/** The token a scheme is paid in on one network, as the requirements name it. */
interface SchemeAsset {
  /** The token's address (or mint) on that network, spelled as payers expect to see it. */
  readonly address: string;
  /** Data the payer signs against, sent as `extra` of the requirements. */
  readonly extra: Readonly<Record<string, unknown>>;
  /** How the network and asset are named to an operator (e.g. in a refused setting). */
  readonly label: string;
  /** What x402 v1 calls the network (`base`), where v1 payers can pay on it. */
  readonly v1Network?: string | undefined;
}

/**
 * What a payment carries, read from its payload by its scheme, every address and identifier in
 * the scheme's canonical spelling (so one payment is one key however a client spelled it).
 */
export interface SchemeAuthorization {
  /** Who pays: the account whose funds move (never a fee payer or relayer). */
  readonly payer: string;
  /** What makes this payment one payment (its nonce, or its transaction's signature). */
  readonly nonce: string;
  /**
   * Who is paid, as the payment names them: the payee itself (EVM), or the payee's token account
   * (Solana); compared with `PaymentScheme.recipientOf` of the requirements.
   */
  readonly payTo: string;
  /** The amount, in the asset's atomic units. */
  readonly value: bigint;
  /**
   * When it can be settled, where the payment signs it (EVM: seconds since the epoch); undefined
   * where the network bounds it instead (a Solana transaction lives only as long as its recent
   * blockhash, about 60 to 90 seconds, which the payload does not say: `lifetimeSeconds`).
   */
  readonly window: { readonly validAfter: bigint; readonly validBefore: bigint } | undefined;
}

/**
 * One way of being paid (a scheme on a family of networks), kept apart from the payment core as
 * x402's own schemes are: everything the gate, the server, the configuration and settlement
 * after the answer need to know about the payload, addresses and chain of a scheme is here, and
 * nowhere else. A new scheme is a new implementation of this, registered in `known-schemes.ts`.
 */
export interface PaymentScheme {
  /** The x402 scheme id (`exact`). */
  readonly scheme: string;
  /** The networks it is paid on here, each with its asset (the first is the default). */
  readonly networks: Readonly<Record<Network, SchemeAsset>>;
  /**
   * Whether an authorization key on `network` is spelled this scheme's way: the whole family
   * (e.g. every `eip155:` chain), not only the networks it has an asset for.
   */
  spells(network: string): boolean;
  /** The canonical spelling of an address or identifier of this scheme (one payment, one key). */
  canonical(part: string): string;
  /**
   * Reads a payment's payload (of any shape), or undefined when it is not one of this scheme's:
   * such a payment is refused as malformed and never reaches the facilitator.
   */
  readAuthorization(payload: unknown): SchemeAuthorization | undefined;
  /**
   * How the gate's own checks refuse a payment of this scheme, in the words of x402's scheme
   * (the same reasons its facilitator gives): the amount, or the recipient, is not the terms'.
   */
  readonly refusals: { readonly amountMismatch: string; readonly recipientMismatch: string };
  /** The payee as configured, checked: what a payee of this scheme must look like. */
  readonly payee: {
    readonly test: (address: string) => boolean;
    /** Why an address failed the test, as told to the operator. */
    readonly shape: string;
  };
  /**
   * Accounts and secrets of the public local test network, refused in production: a payee that
   * is one, or a setting holding one of the secrets.
   */
  readonly devnet: {
    readonly isPublicAccount: (address: string) => boolean;
    readonly holdsPublicSecret: (value: string) => boolean;
  };
  /**
   * What a payment to `payTo` in `asset` names as its recipient: `payTo` itself (EVM), or the
   * payee's associated token account (Solana), in the scheme's canonical spelling.
   */
  recipientOf(payTo: string, asset: string): Promise<string>;
  /**
   * For payments that sign no validity window: the longest they can stay settleable from when
   * they are presented (Solana: a recent blockhash's 151 blocks, with room for slow slots), so a
   * used one is remembered for at least as long. Such payments are settled before the answer.
   */
  readonly lifetimeSeconds?: number;
  /** Registers the scheme's x402 server side for `network` on a resource server. */
  register(server: x402ResourceServer, network: Network): x402ResourceServer;
  /**
   * The network's chain as settlement after the answer reads it, through its RPC endpoint;
   * undefined for a scheme whose payments are always settled before the answer.
   */
  readonly chain?: ((rpcUrl: string) => PaymentChain) | undefined;
}
