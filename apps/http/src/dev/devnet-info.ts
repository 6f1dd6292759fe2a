import { DEVNET_INFO_PATH } from "@svc/service-docs";
import type { SolanaDevnet } from "@svc/solana-devnet";
import type { Devnet } from "@svc/x402-devnet";
import type { Hono } from "hono";

/** Where a running development service says how to pay it locally (the docs pages link it). */
export { DEVNET_INFO_PATH };

/**
 * Development only (mounted only when the service pays through its own devnet): the local
 * chain, the network it stands in for and its token, the payee and the funded payers with their
 * public devnet keys, so `pnpm demo` and local clients can pay a running service. Production
 * never mounts it.
 */
export function mountDevnetInfo(app: Hono, devnet: Devnet, solana?: SolanaDevnet): void {
  app.get(DEVNET_INFO_PATH, (c) =>
    c.json({
      warning: "Local devnet only: these keys are public and worthless; never use them elsewhere.",
      rpcUrl: devnet.rpcUrl,
      chainId: devnet.chainId,
      network: devnet.network,
      networkName: devnet.networkName,
      v1Network: devnet.v1Network,
      blockTimeSeconds: devnet.blockTimeSeconds ?? null,
      usdc: devnet.usdc.address,
      // The token as a payer signs for it: its EIP-712 domain is name, version, chain id, address.
      token: {
        symbol: devnet.usdc.symbol,
        address: devnet.usdc.address,
        name: devnet.usdc.name,
        version: devnet.usdc.version,
        decimals: devnet.usdc.decimals,
      },
      payTo: devnet.payTo,
      payers: devnet.payers.map((p) => ({ address: p.address, privateKey: p.privateKey })),
      // With PAY_TO_SOLANA: the local Solana runtime, its USDC mint and funded payers (64-byte
      // secret keys in base58, as the Solana CLI and @solana/kit's createKeyPairSignerFromBytes
      // take them). The facilitator pays the fees: payers hold USDC only.
      solana:
        solana === undefined
          ? null
          : {
              rpcUrl: solana.rpcUrl,
              network: solana.network,
              usdcMint: solana.usdcMint,
              payTo: solana.payTo,
              feePayer: solana.feePayer.address,
              payers: solana.payers.map((p) => ({ address: p.address, secretKey: p.secretKey })),
            },
    }),
  );
}
