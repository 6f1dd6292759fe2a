import type { Network } from "@x402/core/types";
import { type Address, createPublicClient, http, type PublicClient } from "viem";
import {
  anvilAccount,
  DEVNET_ROLES,
  type DevnetAccount,
  MAX_PAYERS,
  payerAccounts,
} from "../accounts/devnet-accounts.js";
import { startAnvil } from "../anvil/start-anvil.js";
import { DEVNET_NETWORK, DEVNET_POLLING_INTERVAL_MS, devnetChain } from "../chain/devnet-chain.js";
import { type DevnetNetworkId, devnetNetwork } from "../chain/devnet-networks.js";
import {
  createDevnetFacilitator,
  type DevnetFacilitator,
} from "../facilitator/in-process-facilitator.js";
import { serveFacilitator } from "../facilitator/serve-facilitator.js";
import { checkBlockTime, mineOnInterval } from "../mining/block-time.js";
import { installMulticall3Lite } from "../multicall/multicall3-lite.js";
import { installUsdc } from "../usdc/install-usdc.js";
import { ONE_USDC, type UsdcToken, usdcBalance, usdcOn } from "../usdc/usdc-token.js";

export interface StartDevnetOptions {
  /**
   * The network the devnet stands in for (default `eip155:8453`, Base): anvil runs on its chain
   * id, Circle's USDC sits at its canonical address with its EIP-712 name, and the facilitator
   * serves it (v2 under this CAIP-2 id, v1 under its v1 name). `eip155:84532` is Base Sepolia.
   */
  network?: DevnetNetworkId | undefined;
  /** How many funded payers (anvil accounts 3, 4, …; default 3, at most 7). */
  payers?: number;
  /** USDC minted to each payer, in atomic units (default 100 USDC = 100_000_000n). */
  usdcPerPayer?: bigint;
  /** Also serve the facilitator over HTTP; `true` for a free port, or `{ port }`. */
  httpFacilitator?: boolean | { port?: number };
  /** anvil's JSON-RPC port (default 0: a free one). */
  rpcPort?: number;
  /**
   * Mine a block every this many seconds (1–60) once the stack is set up, as a real chain does
   * (Base: 2), instead of each transaction at once (the default): settlements then wait for
   * their block.
   */
  blockTimeSeconds?: number | undefined;
}

export interface Devnet {
  readonly rpcUrl: string;
  /** anvil's chain id: the network's (8453 for Base, 84532 for Base Sepolia). */
  readonly chainId: number;
  /** The CAIP-2 id the facilitator serves for x402 v2 (`eip155:8453` by default). */
  readonly network: DevnetNetworkId & Network;
  /** What x402 v1 calls the network (`base`, `base-sepolia`); the facilitator serves it too. */
  readonly v1Network: string;
  /** How the network is named to people (`Base`, `Base Sepolia`). */
  readonly networkName: string;
  /** The token at the network's canonical USDC address, and what it reports. */
  readonly usdc: UsdcToken;
  /** The payee (anvil account 2): the default `payTo`, starting at 0 USDC. */
  readonly payTo: Address;
  /** Funded payers with their (public devnet) private keys, for x402 clients. */
  readonly payers: readonly DevnetAccount[];
  /** The deployer (account 0): USDC owner and minter, for tests that need more tokens. */
  readonly deployer: DevnetAccount;
  /** The in-process facilitator (x402 `FacilitatorClient`); settles from account 1. */
  readonly facilitator: DevnetFacilitator;
  /** Seconds between blocks, or undefined when each transaction is mined at once. */
  readonly blockTimeSeconds: number | undefined;
  /** Set when `httpFacilitator` was asked for: the base URL for HTTPFacilitatorClient. */
  readonly facilitatorUrl?: string;
  readonly publicClient: PublicClient;
  /** USDC balance in atomic units. */
  balanceOf(address: Address): Promise<bigint>;
  /** Stops the HTTP facilitator (if any) and anvil. Safe to call more than once. */
  stop(): Promise<void>;
}

/**
 * The whole local x402 settlement stack: anvil (chain id 8453, or the network's), Circle's
 * FiatTokenV2_2 at the network's canonical USDC address, the Multicall3 stand-in, funded payers,
 * an in-process facilitator (x402 v2 and v1) and, on request, the same facilitator over HTTP.
 * Everything is torn down by `stop()`, and anvil also when this process exits.
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const served = devnetNetwork(options.network ?? DEVNET_NETWORK);
  const usdc = usdcOn(served.network);
  const payerCount = options.payers ?? 3;
  const usdcPerPayer = options.usdcPerPayer ?? 100n * ONE_USDC;
  if (!Number.isInteger(payerCount) || payerCount < 0 || payerCount > MAX_PAYERS) {
    throw new RangeError(`payers must be an integer from 0 to ${MAX_PAYERS}, got ${payerCount}`);
  }
  if (usdcPerPayer < 0n) throw new RangeError("usdcPerPayer must not be negative");
  const blockTime =
    options.blockTimeSeconds === undefined ? undefined : checkBlockTime(options.blockTimeSeconds);

  const anvil = await startAnvil({ port: options.rpcPort ?? 0, chainId: served.chainId });
  let closeHttp: (() => Promise<void>) | undefined;
  const stop = async () => {
    await closeHttp?.();
    closeHttp = undefined;
    await anvil.stop();
  };
  try {
    const deployer = anvilAccount(DEVNET_ROLES.deployer);
    const payers = payerAccounts(payerCount);
    await Promise.all([
      installMulticall3Lite(anvil.rpcUrl),
      installUsdc(anvil.rpcUrl, {
        token: usdc,
        deployer: deployer.address,
        mints: payers.map((p) => ({ to: p.address, amount: usdcPerPayer })),
      }),
    ]);
    // Set up on automine (fast), then mine on the interval asked for.
    if (blockTime !== undefined) await mineOnInterval(anvil.rpcUrl, blockTime);
    const facilitator = createDevnetFacilitator({
      rpcUrl: anvil.rpcUrl,
      signerKey: anvilAccount(DEVNET_ROLES.facilitator).privateKey,
      network: served.network,
    });
    let facilitatorUrl: string | undefined;
    if (options.httpFacilitator) {
      const port = options.httpFacilitator === true ? 0 : options.httpFacilitator.port;
      const server = await serveFacilitator(facilitator, { port: port ?? 0 });
      facilitatorUrl = server.url;
      closeHttp = server.close;
    }
    const publicClient = createPublicClient({
      chain: devnetChain(anvil.rpcUrl, served.chainId),
      transport: http(anvil.rpcUrl),
      pollingInterval: DEVNET_POLLING_INTERVAL_MS,
    });
    return {
      rpcUrl: anvil.rpcUrl,
      chainId: served.chainId,
      network: served.network as DevnetNetworkId,
      v1Network: served.v1Network,
      networkName: served.label,
      usdc,
      payTo: anvilAccount(DEVNET_ROLES.payee).address,
      blockTimeSeconds: blockTime,
      payers,
      deployer,
      facilitator,
      ...(facilitatorUrl === undefined ? {} : { facilitatorUrl }),
      publicClient,
      balanceOf: (address) => usdcBalance(publicClient, address, usdc.address),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
