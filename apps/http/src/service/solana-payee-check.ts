import { type PaymentTerms, recipientOf } from "@svc/payments";
import type { Logger } from "pino";
import { readTokenAccount, type TokenAccount } from "./solana-token-account.js";

/** How long a production start-up waits for the Solana RPC before going on. */
const PAYEE_CHECK_MS = 10_000;

/** The SPL Token program: a USDC token account is one of its accounts. */
const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";

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
  let found: TokenAccount | null;
  try {
    if (where === undefined) throw new Error(`no RPC known for ${terms.network}`);
    found = await readTokenAccount(where, account, AbortSignal.timeout(timeoutMs));
  } catch (error) {
    log.warn(
      { rpc: where, account, reason: error instanceof Error ? error.message : String(error) },
      "the Solana payee's token account could not be checked at start-up: starting anyway; Solana payments fail at settlement if it does not exist",
    );
    return;
  }
  const payee = `the payee ${terms.payTo}'s USDC token account ${account} on ${terms.network}`;
  if (found === null) throw new SolanaPayeeUnfitError(`${payee} does not exist: ${fix}`);
  const { program, mint, owner, state } = found;
  if (program !== TOKEN_PROGRAM || mint !== terms.asset || owner !== terms.payTo) {
    throw new SolanaPayeeUnfitError(
      `${payee} is not a USDC token account of the payee (program ${program}, mint ${mint || undefined}, owner ${owner || undefined}): ${fix}`,
    );
  }
  // Frozen by the mint's freeze authority: no transfer in or out lands.
  if (state !== "initialized") {
    throw new SolanaPayeeUnfitError(
      `${payee} cannot receive payments: it is ${state === "frozen" ? "frozen (by the mint's freeze authority)" : "not initialized"}; ask the issuer to thaw it, or pay to another address`,
    );
  }
}
