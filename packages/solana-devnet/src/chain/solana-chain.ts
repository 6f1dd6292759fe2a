import {
  getBase58Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Transaction,
} from "@solana/kit";
import { LiteSVM, type TransactionMetadata } from "litesvm";
import { BlockhashBook } from "./blockhash-book.js";
import {
  type LitesvmTransaction,
  toLitesvmAddress,
  toLitesvmLamports,
} from "./litesvm-boundary.js";
import { isRefusedBeforeExecution, transactionErrorJson } from "./transaction-errors.js";
import { type TransactionStatus, TransactionStatusBook } from "./transaction-status-book.js";

export interface SolanaChainOptions {
  /** How long a handed-out blockhash stays valid, in milliseconds of wall-clock time. */
  blockhashTtlMs: number;
  /**
   * What sending an already-processed transaction does. `"like-a-node"`: what a real node does
   * with `skipPreflight` (answers its signature, executes nothing, its status stays as it was),
   * so a test sees what a replay does to a facilitator without x402's in-memory cache.
   * `"reject"`: an `AlreadyProcessed` error, easier to read but unlike mainnet.
   */
  duplicates: "like-a-node" | "reject";
}

/** An account's fields, as plain values. */
export interface ChainAccount {
  readonly data: Uint8Array;
  readonly lamports: bigint;
  readonly owner: string;
  readonly executable: boolean;
}

/** What sending a transaction came to. */
export type SendOutcome =
  | { readonly kind: "executed"; readonly signature: string; readonly err: unknown }
  | { readonly kind: "duplicate"; readonly signature: string }
  | {
      readonly kind: "refused";
      readonly err: unknown;
      readonly logs: readonly string[];
      /** litesvm's own words, when it refused the transaction by throwing. */
      readonly message?: string;
    };

/** The bytes sent are not a Solana transaction (thrown by simulate and send). */
export class TransactionDecodeError extends Error {
  constructor(cause: unknown) {
    super(
      `failed to decode the transaction: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
    this.name = "TransactionDecodeError";
  }
}

/** What simulating a transaction came to, in the RPC's terms. */
export interface SimulationOutcome {
  readonly err: unknown;
  readonly logs: readonly string[];
  readonly unitsConsumed: bigint;
  readonly meta: TransactionMetadata | undefined;
}

const base64 = getBase64Encoder();
const base58 = getBase58Decoder();
const transactionDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();

/**
 * litesvm (the real SBF runtime, with the real SPL Token, Associated Token Account and Memo
 * programs) plus what a cluster keeps that litesvm does not: which blockhashes are still valid
 * (by wall clock, see BlockhashBook) and the status of each executed transaction. Transactions
 * come in as base64 wire bytes, as over JSON-RPC.
 */
export class SolanaChain {
  readonly svm: LiteSVM;
  readonly #blockhashes: BlockhashBook;
  readonly #statuses = new TransactionStatusBook();
  readonly #duplicates: SolanaChainOptions["duplicates"];

  constructor(options: SolanaChainOptions) {
    // The blockhash check is the devnet's own (BlockhashBook); signatures are verified on send.
    this.svm = new LiteSVM().withBlockhashCheck(false);
    this.#blockhashes = new BlockhashBook(options.blockhashTtlMs);
    this.#duplicates = options.duplicates;
  }

  slot(): bigint {
    return this.svm.getClock().slot;
  }

  /**
   * A fresh blockhash, valid from now for the TTL. Each request rotates it, as a real cluster
   * moves on every slot, so two payments never share a blockhash by accident.
   */
  latestBlockhash(): string {
    this.svm.expireBlockhash();
    const blockhash = this.svm.latestBlockhash();
    this.#blockhashes.issue(blockhash);
    return blockhash;
  }

  /** Every blockhash handed out so far stops being valid. */
  expireBlockhashes(): void {
    this.#blockhashes.expireAll();
  }

  simulate(wireBase64: string, options: { sigVerify: boolean }): SimulationOutcome {
    const transaction = decodeWire(wireBase64);
    if (!this.#blockhashes.isValid(blockhashOf(transaction))) {
      return { err: "BlockhashNotFound", logs: [], unitsConsumed: 0n, meta: undefined };
    }
    this.svm.withSigverify(options.sigVerify);
    try {
      const result = this.svm.simulateTransaction(toLitesvm(transaction));
      if ("err" in result) {
        const meta = result.meta();
        return {
          err: transactionErrorJson(result.err()),
          logs: meta.logs(),
          unitsConsumed: meta.computeUnitsConsumed(),
          meta,
        };
      }
      const meta = result.meta();
      return { err: null, logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed(), meta };
    } finally {
      this.svm.withSigverify(true);
    }
  }

  send(wireBase64: string): SendOutcome {
    const transaction = decodeWire(wireBase64);
    const signature = signatureOf(transaction);
    if (signature !== undefined && this.#statuses.has(signature)) {
      return this.#duplicates === "like-a-node"
        ? { kind: "duplicate", signature }
        : { kind: "refused", err: "AlreadyProcessed", logs: [] };
    }
    if (!this.#blockhashes.isValid(blockhashOf(transaction))) {
      return { kind: "refused", err: "BlockhashNotFound", logs: [] };
    }
    let result: ReturnType<LiteSVM["sendTransaction"]>;
    try {
      result = this.svm.sendTransaction(toLitesvm(transaction));
    } catch (error) {
      // litesvm throws, rather than answering an error, for a transaction missing a signature.
      const message = error instanceof Error ? error.message : String(error);
      return { kind: "refused", err: "SignatureFailure", logs: [], message };
    }
    if ("err" in result) {
      const err = transactionErrorJson(result.err());
      if (signature === undefined || isRefusedBeforeExecution(err)) {
        return { kind: "refused", err, logs: result.meta().logs() };
      }
      this.#statuses.record(signature, { slot: this.slot(), err });
      return { kind: "executed", signature, err };
    }
    // litesvm verified every signature, so the fee payer's is there.
    const executed = signature ?? base58.decode(result.signature());
    this.#statuses.record(executed, { slot: this.slot(), err: null });
    return { kind: "executed", signature: executed, err: null };
  }

  status(signature: string): TransactionStatus | undefined {
    return this.#statuses.get(signature);
  }

  /** An account as the RPC describes it, or undefined when it does not exist. */
  account(address: string): ChainAccount | undefined {
    const account = this.svm.getAccount(toLitesvmAddress(address));
    if (!account.exists) return undefined;
    return {
      data: account.data,
      lamports: account.lamports,
      owner: account.programAddress,
      executable: account.executable,
    };
  }

  /** An account's lamports (0 when it does not exist). */
  lamports(address: string): bigint {
    return this.svm.getBalance(toLitesvmAddress(address)) ?? 0n;
  }

  airdrop(address: string, lamports: bigint): void {
    this.svm.airdrop(toLitesvmAddress(address), toLitesvmLamports(lamports));
  }
}

function decodeWire(wireBase64: string): Transaction {
  try {
    const transaction = transactionDecoder.decode(base64.encode(wireBase64));
    blockhashOf(transaction); // the message must decode too
    return transaction;
  } catch (error) {
    throw new TransactionDecodeError(error);
  }
}

/** The transaction's id: its first signature, the fee payer's (undefined while unsigned). */
function signatureOf(transaction: Transaction): string | undefined {
  const first = Object.values(transaction.signatures)[0];
  return first ? base58.decode(first) : undefined;
}

function blockhashOf(transaction: Transaction): string {
  return messageDecoder.decode(transaction.messageBytes).lifetimeToken;
}

function toLitesvm(transaction: Transaction): LitesvmTransaction {
  return transaction as unknown as LitesvmTransaction;
}
