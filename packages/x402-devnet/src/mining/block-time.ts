import { jsonRpc } from "../chain/json-rpc.js";

/** The longest block time the devnet takes, in seconds (Base mines every 2). */
export const MAX_BLOCK_TIME_SECONDS = 60;

/** A block time is a whole number of seconds from 1 to MAX_BLOCK_TIME_SECONDS. */
export function checkBlockTime(seconds: number): number {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_BLOCK_TIME_SECONDS) {
    throw new RangeError(
      `the block time must be a whole number of seconds from 1 to ${MAX_BLOCK_TIME_SECONDS}, got ${seconds}`,
    );
  }
  return seconds;
}

/**
 * Switches anvil from mining each transaction at once (automine, how the devnet is set up fast)
 * to mining a block every `seconds`, as a real chain does: a transaction then waits for the next
 * block, and a settlement for its receipt.
 */
export async function mineOnInterval(rpcUrl: string, seconds: number): Promise<void> {
  await jsonRpc(rpcUrl, "evm_setAutomine", [false]);
  await jsonRpc(rpcUrl, "evm_setIntervalMining", [checkBlockTime(seconds)]);
}
