import { isAddress } from "@solana/kit";
import * as v from "valibot";
import {
  ONE_USDC,
  SOLANA_MAINNET,
  SOLANA_NETWORKS,
  type SolanaNetworkId,
} from "../network/solana-network.js";

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
  /**
   * The network the devnet stands in for, by CAIP-2 id: Solana mainnet (default) or Solana
   * devnet. It picks the USDC mint (Circle's on that network) and what the facilitator serves.
   */
  network: v.optional(
    v.picklist(
      Object.keys(SOLANA_NETWORKS) as SolanaNetworkId[],
      `must be one of ${Object.keys(SOLANA_NETWORKS).join(", ")}`,
    ),
    SOLANA_MAINNET,
  ),
  /**
   * The payee's address (base58): the devnet gives it a USDC token account instead of making a
   * fresh payee keypair. Any address will do, a program-derived (off-curve) one too.
   */
  payTo: v.optional(
    v.pipe(v.string(), v.check(isAddress, "must be a base58 Solana address (32 bytes)")),
  ),
  /**
   * Whether the payee gets its USDC token account (default true). False leaves it without one,
   * as a fresh mainnet wallet is: payments to it fail, and getAccountInfo of its token account
   * answers null.
   */
  createPayeeAccount: v.optional(v.boolean(), true),
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
