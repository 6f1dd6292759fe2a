import { parseArgs } from "node:util";
import { MAX_PAYERS } from "../accounts/devnet-accounts.js";
import { DEVNET_NETWORKS, isDevnetNetwork } from "../chain/devnet-networks.js";
import type { StartDevnetOptions } from "../devnet/start-devnet.js";
import { MAX_BLOCK_TIME_SECONDS } from "../mining/block-time.js";

const NETWORKS = Object.keys(DEVNET_NETWORKS);

export const USAGE = `usage: x402-devnet [--network ID] [--port N] [--rpc-port N] [--payers N] [--usdc AMOUNT] [--block-time S]
  Starts anvil (localhost only) on the network's chain id, Circle's USDC at the network's USDC
  address, funded payers and an x402 facilitator (v2 and v1) over HTTP; prints one line of JSON
  and runs until Ctrl-C / SIGTERM.
  --network ID   ${Object.values(DEVNET_NETWORKS)
    .map((n) => `${n.network} (${n.label})`)
    .join(" or ")}; default ${NETWORKS[0]}
  --port N       facilitator HTTP port (default 0: a free one)
  --rpc-port N   anvil JSON-RPC port (default 0: a free one)
  --payers N     funded payers, 1-${MAX_PAYERS} (default 3)
  --usdc AMOUNT  whole USDC minted to each payer (default 100)
  --block-time S mine a block every S seconds, 1-${MAX_BLOCK_TIME_SECONDS} (Base: 2; default: each
                 transaction at once)
All keys printed are PUBLIC anvil devnet keys: never use them on a real network.`;

export class UsageError extends Error {
  override readonly name = "UsageError";
}

function port(value: string | undefined, flag: string): number {
  if (value === undefined) return 0;
  if (!/^\d+$/.test(value) || Number(value) > 65_535) {
    throw new UsageError(`${flag} must be a port number from 0 to 65535, got "${value}"`);
  }
  return Number(value);
}

/** `null` means --help was asked for. */
export function parseCliOptions(argv: string[]): StartDevnetOptions | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      network: { type: "string" },
      port: { type: "string" },
      "rpc-port": { type: "string" },
      payers: { type: "string" },
      usdc: { type: "string" },
      "block-time": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return null;
  const network = values.network ?? NETWORKS[0];
  if (network === undefined || !isDevnetNetwork(network)) {
    throw new UsageError(`--network must be ${NETWORKS.join(" or ")}, got "${values.network}"`);
  }
  const payers = values.payers === undefined ? 3 : Number(values.payers);
  if (!Number.isInteger(payers) || payers < 1 || payers > MAX_PAYERS) {
    throw new UsageError(
      `--payers must be an integer from 1 to ${MAX_PAYERS}, got "${values.payers}"`,
    );
  }
  const usdc = values.usdc ?? "100";
  if (!/^\d{1,12}$/.test(usdc)) {
    throw new UsageError(`--usdc must be a whole number of USDC, got "${usdc}"`);
  }
  const blockTime = values["block-time"];
  if (
    blockTime !== undefined &&
    !(
      /^\d{1,2}$/.test(blockTime) &&
      Number(blockTime) >= 1 &&
      Number(blockTime) <= MAX_BLOCK_TIME_SECONDS
    )
  ) {
    throw new UsageError(
      `--block-time must be a whole number of seconds from 1 to ${MAX_BLOCK_TIME_SECONDS}, got "${blockTime}"`,
    );
  }
  return {
    network,
    ...(blockTime === undefined ? {} : { blockTimeSeconds: Number(blockTime) }),
    httpFacilitator: { port: port(values.port, "--port") },
    rpcPort: port(values["rpc-port"], "--rpc-port"),
    payers,
    usdcPerPayer: BigInt(usdc) * 1_000_000n,
  };
}
