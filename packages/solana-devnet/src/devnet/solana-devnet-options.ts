import * as v from "valibot";
import { ONE_USDC } from "../network/solana-network.js";

/** The most funded payers a devnet makes (each is a fresh keypair). */
export const MAX_PAYERS = 20;

/** The longest blockhash lifetime the devnet accepts, in seconds (an hour). */
export const MAX_BLOCKHASH_TTL_SECONDS = 3600;

const SolanaDevnetOptionsSchema = v.strictObject({
  /** How many funded payers (fresh keypairs; default 3, at most 20). */
  payers: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_PAYERS)), 3),
  /** USDC in each payer's token account, atomic units (default 100 USDC). */
  usdcPerPayer: v.optional(v.pipe(v.bigint(), v.minValue(0n)), 100n * ONE_USDC),
  /** The JSON-RPC server's port on 127.0.0.1 (default 0: a free one). */
  rpcPort: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(65_535)), 0),
  /**
   * How long a blockhash from getLatestBlockhash stays valid, in seconds of wall-clock time
   * (default 60, about mainnet's 150 blocks). A payment signed over it fails verification after.
   */
  blockhashTtlSeconds: v.optional(
    v.pipe(v.number(), v.gtValue(0), v.maxValue(MAX_BLOCKHASH_TTL_SECONDS)),
    60,
  ),
  /**
   * Sending an already-processed transaction: `"like-a-node"` (default) answers its signature and
   * executes nothing, as a mainnet node does; `"reject"` answers an AlreadyProcessed error.
   */
  duplicates: v.optional(v.picklist(["like-a-node", "reject"]), "like-a-node"),
});

export type StartSolanaDevnetOptions = v.InferInput<typeof SolanaDevnetOptionsSchema>;

/** The options with their defaults, or a RangeError naming what is wrong. */
export function solanaDevnetOptions(options: StartSolanaDevnetOptions = {}) {
  const parsed = v.safeParse(SolanaDevnetOptionsSchema, options);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    throw new RangeError(
      `startSolanaDevnet: ${v.getDotPath(issue) ?? "options"}: ${issue.message}`,
    );
  }
  return parsed.output;
}
