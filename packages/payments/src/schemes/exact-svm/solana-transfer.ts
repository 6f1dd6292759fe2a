import {
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Transaction,
} from "@solana/kit";
import {
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  transactionMessageHash,
} from "@x402/svm";

/** What an x402 `exact` payment on Solana transfers, read from its partly signed transaction. */
export interface SolanaTransfer {
  /** The token account the USDC leaves. */
  readonly source: string;
  readonly mint: string;
  /** The token account it goes to (the payee's associated token account). */
  readonly destination: string;
  /** Who signs the transfer: the owner of `source`, the payer (never the fee payer). */
  readonly authority: string;
  readonly amount: bigint;
  /**
   * The transaction's message hash (SHA-256, base64): one transaction, however its signatures
   * are spelled. The fee payer's signature, which names the transaction on chain, is an Ed25519
   * signature of these bytes, so one message is one transaction; x402's facilitator keys its
   * own duplicate check on the same hash.
   */
  readonly messageHash: string;
}

/** SPL Token's `TransferChecked` (the same in Token-2022): tag, u64 amount, u8 decimals. */
const TRANSFER_CHECKED = 12;
const TRANSFER_CHECKED_DATA_BYTES = 10;
/** The largest serialized transaction Solana takes (one IPv6 packet's payload). */
const MAX_TRANSACTION_BYTES = 1232;
/** A base64 string of at most that many bytes. */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

const TOKEN_PROGRAMS: ReadonlySet<string> = new Set([
  TOKEN_PROGRAM_ADDRESS,
  TOKEN_2022_PROGRAM_ADDRESS,
]);

/**
 * Reads the one token transfer of an x402 `exact` Solana payload (`{ transaction: base64 }`),
 * or undefined when it is not one: not base64, larger than a transaction can be, not a
 * transaction, or not exactly one `TransferChecked` whose accounts are all in the message
 * itself. Pure and cheap (a decode, no RPC): the facilitator checks the rest (instruction
 * layout, signatures, simulation) before anything is charged.
 */
export function readSolanaTransfer(payload: unknown): SolanaTransfer | undefined {
  const encoded = (payload as { transaction?: unknown } | null)?.transaction;
  if (typeof encoded !== "string") return undefined;
  if (encoded.length > Math.ceil(MAX_TRANSACTION_BYTES / 3) * 4 || !BASE64.test(encoded)) {
    return undefined;
  }
  let transaction: Transaction;
  let message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>["decode"]>;
  try {
    transaction = getTransactionDecoder().decode(getBase64Encoder().encode(encoded));
    message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  } catch {
    return undefined;
  }
  const accounts = message.staticAccounts;
  const transfers = (message.instructions ?? []).filter((ix) => {
    const program = accounts[ix.programAddressIndex];
    return (
      program !== undefined &&
      TOKEN_PROGRAMS.has(program) &&
      ix.data?.[0] === TRANSFER_CHECKED &&
      ix.data.length === TRANSFER_CHECKED_DATA_BYTES
    );
  });
  const [transfer] = transfers;
  if (transfer === undefined || transfers.length !== 1) return undefined;
  const [source, mint, destination, authority] = (transfer.accountIndices ?? []).map(
    (i) => accounts[i],
  );
  const data = transfer.data as Uint8Array;
  if (source === undefined || mint === undefined) return undefined;
  if (destination === undefined || authority === undefined) return undefined;
  const amount = new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(1, true);
  return {
    source,
    mint,
    destination,
    authority,
    amount,
    messageHash: transactionMessageHash(transaction),
  };
}
