import type { KeyPairSigner } from "@solana/kit";
import { x402Facilitator } from "@x402/core/facilitator";
import type { FacilitatorClient } from "@x402/core/server";
import type { Network, SupportedResponse } from "@x402/core/types";
import { toFacilitatorSvmSigner } from "@x402/svm";
import { ExactSvmScheme } from "@x402/svm/exact/facilitator";
import { SOLANA_MAINNET } from "../network/solana-network.js";

export interface SolanaFacilitatorOptions {
  /** The node the facilitator reads from and settles on. */
  rpcUrl: string;
  /** The facilitator's key: co-signs every payment as its fee payer and pays the fees in SOL. */
  feePayer: KeyPairSigner;
  /** The CAIP-2 network it serves (default Solana mainnet's). */
  network?: Network;
}

/** An in-process facilitator: what x402ResourceServer takes, plus its fee payer's address. */
export interface SolanaFacilitator extends FacilitatorClient {
  readonly feePayer: string;
}

/**
 * A real x402 facilitator (x402Facilitator + @x402/svm's exact scheme) behind the
 * `FacilitatorClient` interface, so a resource server uses it where it would use
 * `new HTTPFacilitatorClient({ url })`: no HTTP hop, the same checks, a real settlement.
 *
 * Each instance has its own x402 settlement cache (the guard against settling one payload twice
 * in one process); a second instance does not see the first's, as a restarted facilitator or a
 * second replica would not.
 */
export function createSolanaFacilitator(options: SolanaFacilitatorOptions): SolanaFacilitator {
  const network = options.network ?? SOLANA_MAINNET;
  const signer = toFacilitatorSvmSigner(options.feePayer, { defaultRpcUrl: options.rpcUrl });
  const facilitator = new x402Facilitator().register(network, new ExactSvmScheme(signer));
  return {
    feePayer: options.feePayer.address,
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) => facilitator.settle(payload, requirements),
    // x402Facilitator types `network` as string; it only ever holds the registered network.
    getSupported: async () => facilitator.getSupported() as SupportedResponse,
  };
}
