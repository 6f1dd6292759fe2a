// This package runs on Node (an HTTP server, litesvm's native binary), and its declarations use
// Node's types, as do those of @x402/core that they import; the reference (kept in
// dist/index.d.ts) makes them type-check for a consumer whose tsconfig lists no `types`.
/// <reference types="node" preserve="true" />

// Nothing in the workspace imports this package yet: its surface is what the README shows.
export type { /** @public */ SolanaDevnetAccount } from "./devnet/devnet-account.js";
export {
  /** @public */ MAX_BLOCKHASH_TTL_SECONDS,
  /** @public */ MAX_PAYERS,
  /** @public */ type StartSolanaDevnetOptions,
} from "./devnet/solana-devnet-options.js";
export {
  /** @public */ type SolanaDevnet,
  /** @public */ startSolanaDevnet,
} from "./devnet/start-solana-devnet.js";
export {
  /** @public */ createSolanaFacilitator,
  /** @public */ type SolanaFacilitator,
  /** @public */ type SolanaFacilitatorOptions,
} from "./facilitator/in-process-facilitator.js";
export {
  /** @public */ ONE_SOL,
  /** @public */ ONE_USDC,
  /** @public */ SOLANA_DEVNET,
  /** @public */ SOLANA_MAINNET,
  /** @public */ SOLANA_NETWORKS,
  /** @public */ type SolanaNetworkId,
  /** @public */ type SolanaNetworkInfo,
  /** @public */ USDC_DECIMALS,
  /** @public */ USDC_DEVNET_MINT,
  /** @public */ USDC_MINT,
} from "./network/solana-network.js";
