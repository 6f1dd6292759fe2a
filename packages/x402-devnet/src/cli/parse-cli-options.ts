import { parseArgs } from "node:util";
import { MAX_PAYERS } from "../accounts/devnet-accounts.js";
import type { StartDevnetOptions } from "../devnet/start-devnet.js";
import { MAX_BLOCK_TIME_SECONDS } from "../mining/block-time.js";

export const USAGE = `usage: x402-devnet [--port N] [--rpc-port N] [--payers N] [--usdc AMOUNT] [--block-time S]
  Starts anvil (chain id 8453, localhost only), USDC at the Base USDC address, funded payers and
  an x402 facilitator over HTTP; prints one line of JSON and runs until Ctrl-C / SIGTERM.
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
    ...(blockTime === undefined ? {} : { blockTimeSeconds: Number(blockTime) }),
    httpFacilitator: { port: port(values.port, "--port") },
    rpcPort: port(values["rpc-port"], "--rpc-port"),
    payers,
    usdcPerPayer: BigInt(usdc) * 1_000_000n,
  };
}
