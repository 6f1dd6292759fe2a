// This package runs on Node (an HTTP server, litesvm's native binary), and its declarations use
// Node's types, as do those of @x402/core that they import; the reference (kept in
// dist/index.d.ts) makes them type-check for a consumer whose tsconfig lists no `types`.
/// <reference types="node" preserve="true" />

export {
  MAX_BLOCKHASH_TTL_SECONDS,
  MAX_PAYERS,
  type StartSolanaDevnetOptions,
} from "./devnet/solana-devnet-options.js";
export {
  type SolanaDevnet,
  type SolanaDevnetAccount,
  startSolanaDevnet,
} from "./devnet/start-solana-devnet.js";
export {
  createSolanaFacilitator,
  type SolanaFacilitator,
  type SolanaFacilitatorOptions,
} from "./facilitator/in-process-facilitator.js";
export {
  ONE_SOL,
  ONE_USDC,
  SOLANA_MAINNET,
  USDC_DECIMALS,
  USDC_MINT,
} from "./network/solana-network.js";
