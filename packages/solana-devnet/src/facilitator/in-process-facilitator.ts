import type { KeyPairSigner } from "@solana/kit";
import { x402Facilitator } from "@x402/core/facilitator";
import type { FacilitatorClient } from "@x402/core/server";
import type { Network, SupportedResponse } from "@x402/core/types";
import { SettlementCache, toFacilitatorSvmSigner } from "@x402/svm";
import { ExactSvmScheme } from "@x402/svm/exact/facilitator";
import { ExactSvmSchemeV1 } from "@x402/svm/exact/v1/facilitator";
import * as v from "valibot";
import {
  SOLANA_MAINNET,
  SOLANA_NETWORKS,
  type SolanaNetworkId,
} from "../network/solana-network.js";

export interface SolanaFacilitatorOptions {
  /** The node the facilitator reads from and settles on. */
  rpcUrl: string;
  /** The facilitator's key: co-signs every payment as its fee payer and pays the fees in SOL. */
  feePayer: KeyPairSigner;
  /** The network it serves, by CAIP-2 id (default Solana mainnet's); v1 under its v1 name. */
  network?: SolanaNetworkId;
}

/** An in-process facilitator: what x402ResourceServer takes, plus its fee payer's address. */
export interface SolanaFacilitator extends FacilitatorClient {
  readonly feePayer: string;
}

const NetworkSchema = v.optional(
  v.picklist(
    Object.keys(SOLANA_NETWORKS) as SolanaNetworkId[],
    `must be one of ${Object.keys(SOLANA_NETWORKS).join(", ")}`,
  ),
  SOLANA_MAINNET,
);

/**
 * A real x402 facilitator (x402Facilitator + @x402/svm's exact scheme) behind the
 * `FacilitatorClient` interface, so a resource server uses it where it would use
 * `new HTTPFacilitatorClient({ url })`: no HTTP hop, the same checks, a real settlement.
 *
 * It serves one network in both x402 versions: v2 under its CAIP-2 id and v1 under its v1 name
 * (`solana`, `solana-devnet`), so v1 Solana clients pay too. Unlike @x402/svm's
 * `registerExactSvmScheme`, which registers v1 for every Solana cluster, only the devnet's own
 * network is offered. Both versions share one settlement cache, as there: a transaction settled
 * through one is a duplicate through the other.
 *
 * Each instance has its own x402 settlement cache (the guard against settling one payload twice
 * in one process); a second instance does not see the first's, as a restarted facilitator or a
 * second replica would not.
 */
export function createSolanaFacilitator(options: SolanaFacilitatorOptions): SolanaFacilitator {
  const parsed = v.safeParse(NetworkSchema, options.network);
  if (!parsed.success) {
    throw new RangeError(`createSolanaFacilitator: network: ${parsed.issues[0].message}`);
  }
  const { network, v1Network } = SOLANA_NETWORKS[parsed.output];
  const signer = toFacilitatorSvmSigner(options.feePayer, { defaultRpcUrl: options.rpcUrl });
  const settlementCache = new SettlementCache();
  const facilitator = new x402Facilitator()
    .register(network, new ExactSvmScheme(signer, settlementCache))
    // x402 types every network as CAIP-2 (`a:b`); v1's names (`solana`) are plain words.
    .registerV1(v1Network as unknown as Network, new ExactSvmSchemeV1(signer, settlementCache));
  return {
    feePayer: options.feePayer.address,
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) => facilitator.settle(payload, requirements),
    // x402Facilitator types `network` as string; it only ever holds the registered networks.
    getSupported: async () => facilitator.getSupported() as SupportedResponse,
  };
}
