import { x402Facilitator } from "@x402/core/facilitator";
import type { FacilitatorClient } from "@x402/core/server";
import type { Network, SupportedResponse } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/facilitator";
import { ExactEvmSchemeV1 } from "@x402/evm/exact/v1/facilitator";
import type { Address, Hex } from "viem";
import { privateKeyToAddress } from "viem/accounts";
import { DEVNET_NETWORK } from "../chain/devnet-chain.js";
import { createFacilitatorSigner } from "./facilitator-signer.js";

export interface DevnetFacilitatorOptions {
  /** The node the facilitator reads from and settles on. */
  rpcUrl: string;
  /** The key that submits transferWithAuthorization and pays gas. */
  signerKey: Hex;
  /** The CAIP-2 network it serves (default `eip155:8453`). */
  network?: Network;
}

/** An in-process facilitator: what x402ResourceServer takes, plus the signer's address. */
export interface DevnetFacilitator extends FacilitatorClient {
  readonly signer: Address;
}

/**
 * A real x402 facilitator (x402Facilitator + @x402/evm's exact scheme, EIP-3009 and Permit2)
 * behind the `FacilitatorClient` interface, so a resource server can use it exactly where it
 * would use `new HTTPFacilitatorClient({ url })`: no HTTP hop, same verification, same
 * on-chain settlement.
 */
export function createDevnetFacilitator(options: DevnetFacilitatorOptions): DevnetFacilitator {
  const signer = createFacilitatorSigner(options.rpcUrl, options.signerKey);
  const facilitator = new x402Facilitator()
    .register(options.network ?? DEVNET_NETWORK, new ExactEvmScheme(signer))
    .registerV1("base" as Network, new ExactEvmSchemeV1(signer));
  return {
    signer: privateKeyToAddress(options.signerKey),
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) => facilitator.settle(payload, requirements),
    // x402Facilitator types `network` as string; it only ever holds the registered CAIP-2 ids.
    getSupported: async () => facilitator.getSupported() as SupportedResponse,
  };
}
