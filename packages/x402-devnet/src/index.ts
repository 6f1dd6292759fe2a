// This package runs on Node (anvil child processes, `process.env`), and its declarations use
// Node's types, as do those of @x402/core that they import; the reference (kept in
// dist/index.d.ts) makes them type-check for a consumer whose tsconfig lists no `types`.
/// <reference types="node" preserve="true" />
export {
  anvilAccount,
  DEVNET_PRIVATE_KEYS,
  DEVNET_ROLES,
  type DevnetAccount,
  isDevnetKey,
  MAX_PAYERS,
  payerAccounts,
} from "./accounts/devnet-accounts.js";
export { resolveAnvilBinary } from "./anvil/resolve-anvil-binary.js";
export { type AnvilInstance, type StartAnvilOptions, startAnvil } from "./anvil/start-anvil.js";
export {
  DEVNET_CHAIN_ID,
  DEVNET_NETWORK,
  DEVNET_POLLING_INTERVAL_MS,
  devnetChain,
} from "./chain/devnet-chain.js";
export {
  DEVNET_NETWORKS,
  type DevnetNetwork,
  type DevnetNetworkId,
  devnetNetwork,
  isDevnetNetwork,
} from "./chain/devnet-networks.js";
export { type Devnet, type StartDevnetOptions, startDevnet } from "./devnet/start-devnet.js";
export { createFacilitatorApp } from "./facilitator/facilitator-app.js";
export { createFacilitatorSigner } from "./facilitator/facilitator-signer.js";
export {
  createDevnetFacilitator,
  type DevnetFacilitator,
  type DevnetFacilitatorOptions,
} from "./facilitator/in-process-facilitator.js";
export {
  type FacilitatorServer,
  type ServeFacilitatorOptions,
  serveFacilitator,
} from "./facilitator/serve-facilitator.js";
export { MAX_BLOCK_TIME_SECONDS, mineOnInterval } from "./mining/block-time.js";
export {
  installMulticall3Lite,
  MULTICALL3_ADDRESS,
  MULTICALL3_LITE_RUNTIME,
} from "./multicall/multicall3-lite.js";
export { type InstallUsdcOptions, installUsdc } from "./usdc/install-usdc.js";
export {
  type ContractReader,
  fiatTokenAbi,
  ONE_USDC,
  USDC,
  USDC_ADDRESS,
  type UsdcToken,
  usdcBalance,
  usdcOn,
} from "./usdc/usdc-token.js";
