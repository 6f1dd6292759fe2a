import { x402Facilitator } from "@x402/core/facilitator";
import type { FacilitatorClient } from "@x402/core/server";
import type { Network, SupportedResponse } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/facilitator";
import { ExactEvmSchemeV1 } from "@x402/evm/exact/v1/facilitator";
import type { Address, Hex } from "viem";
import { privateKeyToAddress } from "viem/accounts";
import { DEVNET_CHAIN_ID, DEVNET_NETWORK } from "../chain/devnet-chain.js";
import { DEVNET_NETWORKS, isDevnetNetwork } from "../chain/devnet-networks.js";
import { createFacilitatorSigner } from "./facilitator-signer.js";

export interface DevnetFacilitatorOptions {
  /** The node the facilitator reads from and settles on. */
  rpcUrl: string;
  /** The key that submits transferWithAuthorization and pays gas. */
  signerKey: Hex;
  /**
   * The CAIP-2 network it serves (default `eip155:8453`); the node must run on its chain id. On
   * a network of the devnet's table (Base, Base Sepolia) it serves x402 v1 too, under the
   * network's v1 name (`base`, `base-sepolia`).
   */
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
 *
 * Like the public facilitators, it serves x402 v1 beside v2: @x402/evm's v1 exact scheme,
 * registered under the network's v1 name, which is how a v1 payment names its network (`base`);
 * that scheme derives the chain id of the EIP-712 domain from the name (`base` → 8453,
 * `base-sepolia` → 84532). The same signer settles both, so their transactions never race for a
 * nonce.
 */
export function createDevnetFacilitator(options: DevnetFacilitatorOptions): DevnetFacilitator {
  const network = options.network ?? DEVNET_NETWORK;
  const known = isDevnetNetwork(network) ? DEVNET_NETWORKS[network] : undefined;
  // Another EVM network's chain id is read from its CAIP-2 id (`eip155:<chain id>`).
  const chainId = known?.chainId ?? Number(/^eip155:(\d+)$/.exec(network)?.[1] ?? DEVNET_CHAIN_ID);
  const signer = createFacilitatorSigner(options.rpcUrl, options.signerKey, chainId);
  const facilitator = new x402Facilitator().register(network, new ExactEvmScheme(signer));
  if (known !== undefined) {
    // x402Facilitator types v1 names as Network (a CAIP-2 template); v1's are plain names.
    facilitator.registerV1(known.v1Network as Network, new ExactEvmSchemeV1(signer));
  }
  return {
    signer: privateKeyToAddress(options.signerKey),
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) => facilitator.settle(payload, requirements),
    // x402Facilitator types `network` as string; it only ever holds the registered networks.
    getSupported: async () => facilitator.getSupported() as SupportedResponse,
  };
}
