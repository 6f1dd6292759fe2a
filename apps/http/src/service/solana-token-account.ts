import { base58 } from "@scure/base";
import * as v from "valibot";

/** An SPL token account as a Solana RPC gives it (`getAccountInfo`, base64). */
export interface TokenAccount {
  /** The program that owns the account (the SPL Token program's, for a token account). */
  readonly program: string;
  readonly mint: string;
  /** Whose tokens they are. */
  readonly owner: string;
  /** Its balance, in the mint's atomic units. */
  readonly amount: bigint;
  /** `initialized`, `frozen` (by the mint's freeze authority: nothing moves) or `uninitialized`. */
  readonly state: "uninitialized" | "initialized" | "frozen";
}

/** What `getAccountInfo` (base64) answers: the account, or null when there is none. */
const AccountInfoAnswer = v.object({
  result: v.object({
    value: v.nullable(
      v.object({ owner: v.string(), data: v.tuple([v.string(), v.literal("base64")]) }),
    ),
  }),
});

/** An SPL token account's layout: mint (32 bytes), owner (32), amount (u64 LE), …, state (u8). */
const LAYOUT = { mint: 0, owner: 32, amount: 64, state: 108, length: 165 } as const;
const STATES = ["uninitialized", "initialized", "frozen"] as const;

/**
 * Reads the account at `address` through the Solana JSON-RPC at `rpcUrl`: null when there is no
 * account there, undefined fields never (data too short to be a token account reads as an
 * `uninitialized` account of no mint). Throws when the RPC cannot be reached or answers
 * otherwise.
 */
export async function readTokenAccount(
  rpcUrl: string,
  address: string,
  signal?: AbortSignal,
): Promise<TokenAccount | null> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "getAccountInfo",
      params: [address, { encoding: "base64", commitment: "confirmed" }],
    }),
    ...(signal === undefined ? {} : { signal }),
  });
  if (!response.ok) throw new Error(`the RPC answered ${response.status}`);
  const info = v.parse(AccountInfoAnswer, await response.json()).result.value;
  if (info === null) return null;
  const data = Buffer.from(info.data[0], "base64");
  if (data.length < LAYOUT.length) {
    return { program: info.owner, mint: "", owner: "", amount: 0n, state: "uninitialized" };
  }
  return {
    program: info.owner,
    mint: base58.encode(data.subarray(LAYOUT.mint, LAYOUT.mint + 32)),
    owner: base58.encode(data.subarray(LAYOUT.owner, LAYOUT.owner + 32)),
    amount: data.readBigUInt64LE(LAYOUT.amount),
    state: STATES[data[LAYOUT.state] ?? 0] ?? "uninitialized",
  };
}
