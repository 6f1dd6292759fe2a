import { base58 } from "@scure/base";
import { type PaymentTerms, recipientOf } from "@svc/payments";
import type { Logger } from "pino";
import * as v from "valibot";

/** How long a production start-up waits for the Solana RPC before going on. */
const PAYEE_CHECK_MS = 10_000;

/** The SPL Token program: a USDC token account is one of its accounts. */
const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";

/** Where an SPL token account says whether it is initialized (1) or frozen (2). */
const TOKEN_ACCOUNT_STATE = 108;
const INITIALIZED = 1;
const FROZEN = 2;

/** Public RPC endpoints of the Solana networks paid on, where the operator names none. */
const PUBLIC_RPC: Readonly<Record<string, string>> = {
  "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp": "https://api.mainnet-beta.solana.com",
  "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1": "https://api.devnet.solana.com",
};

/** The Solana payee cannot be paid: its USDC token account does not exist, or is not one. */
export class SolanaPayeeUnfitError extends Error {
  readonly code = "SOLANA_PAYEE_UNFIT" as const;
  constructor(message: string) {
    super(message);
    this.name = "SolanaPayeeUnfitError";
  }
}

/** What `getAccountInfo` (base64) answers: the account, or null when there is none. */
const AccountInfoAnswer = v.object({
  result: v.object({
    value: v.nullable(
      v.object({ owner: v.string(), data: v.tuple([v.string(), v.literal("base64")]) }),
    ),
  }),
});

/**
 * Before the service listens (production, with `PAY_TO_SOLANA`): the payee's USDC associated
 * token account must exist, since facilitators send payments into it and refuse to create it
 * (every Solana payment would fail at settlement). It must be an SPL token account of the USDC
 * mint owned by the payee. Absent or unfit: the start is refused with the reason and the fix.
 * An RPC that cannot be reached or answers otherwise is logged, and the start goes on.
 */
export async function checkSolanaPayee(
  terms: PaymentTerms,
  rpcUrl: string | undefined,
  log: Logger,
  timeoutMs = PAYEE_CHECK_MS,
): Promise<void> {
  const account = await recipientOf(terms);
  const where = rpcUrl ?? PUBLIC_RPC[terms.network];
  const fix = `create it (for one, \`spl-token create-account ${terms.asset} --owner ${terms.payTo}\`, or send the payee any USDC from a wallet that creates it): facilitators do not create it`;
  let answer: v.InferOutput<typeof AccountInfoAnswer>;
  try {
    if (where === undefined) throw new Error(`no RPC known for ${terms.network}`);
    const response = await fetch(where, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "getAccountInfo",
        params: [account, { encoding: "base64", commitment: "confirmed" }],
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`the RPC answered ${response.status}`);
    answer = v.parse(AccountInfoAnswer, await response.json());
  } catch (error) {
    log.warn(
      { rpc: where, account, reason: error instanceof Error ? error.message : String(error) },
      "the Solana payee's token account could not be checked at start-up: starting anyway; Solana payments fail at settlement if it does not exist",
    );
    return;
  }
  const info = answer.result.value;
  const payee = `the payee ${terms.payTo}'s USDC token account ${account} on ${terms.network}`;
  if (info === null) throw new SolanaPayeeUnfitError(`${payee} does not exist: ${fix}`);
  const data = Buffer.from(info.data[0], "base64");
  const mint = data.length >= 64 ? base58.encode(data.subarray(0, 32)) : undefined;
  const owner = data.length >= 64 ? base58.encode(data.subarray(32, 64)) : undefined;
  if (info.owner !== TOKEN_PROGRAM || mint !== terms.asset || owner !== terms.payTo) {
    throw new SolanaPayeeUnfitError(
      `${payee} is not a USDC token account of the payee (program ${info.owner}, mint ${mint}, owner ${owner}): ${fix}`,
    );
  }
  // An SPL token account's state (byte 108): 1 initialized, 2 frozen (by the mint's freeze
  // authority: no transfer in or out lands).
  if (data[TOKEN_ACCOUNT_STATE] !== INITIALIZED) {
    throw new SolanaPayeeUnfitError(
      `${payee} cannot receive payments: it is ${data[TOKEN_ACCOUNT_STATE] === FROZEN ? "frozen (by the mint's freeze authority)" : "not initialized"}; ask the issuer to thaw it, or pay to another address`,
    );
  }
}
