import { getBase58Decoder, getBase64Decoder } from "@solana/kit";
import * as v from "valibot";
import {
  type SimulationOutcome,
  type SolanaChain,
  TransactionDecodeError,
} from "../chain/solana-chain.js";
import { RPC_ERROR, RpcError } from "./json-rpc-error.js";
import type { RpcMethod } from "./json-rpc-server.js";

const base64 = getBase64Decoder();
const base58 = getBase58Decoder();
/** What nodes answer as rentEpoch for rent-exempt accounts (u64::MAX). */
const RENT_EXEMPT_EPOCH = 18446744073709551615n;
/** A blockhash is good for 150 blocks on a real cluster. */
const BLOCKHASH_VALID_BLOCKS = 150n;

// A node's default encoding is base58; the devnet speaks base64 only, so it must be asked for.
const BASE64_ONLY = 'only encoding "base64" is served';
const Base64 = v.literal("base64", BASE64_ONLY);
const Base64Config = v.looseObject({ encoding: Base64 }, BASE64_ONLY);
const SimulateConfig = v.looseObject(
  {
    encoding: Base64,
    sigVerify: v.optional(v.boolean(), false),
    replaceRecentBlockhash: v.optional(v.literal(false), false),
    innerInstructions: v.optional(v.boolean(), false),
  },
  BASE64_ONLY,
);
const SendConfig = v.looseObject(
  { encoding: Base64, skipPreflight: v.optional(v.boolean(), false) },
  BASE64_ONLY,
);
const AnyConfig = v.optional(v.looseObject({}), {});

const PARAMS = {
  getAccountInfo: v.tuple([v.string(), Base64Config]),
  getBalance: v.tuple([v.string(), AnyConfig]),
  getLatestBlockhash: v.tuple([AnyConfig]),
  getSignatureStatuses: v.tuple([v.array(v.string()), AnyConfig]),
  getSlot: v.tuple([AnyConfig]),
  sendTransaction: v.tuple([v.string(), SendConfig]),
  simulateTransaction: v.tuple([v.string(), SimulateConfig]),
};

/**
 * The Solana JSON-RPC methods the devnet serves, over a SolanaChain: the five @x402/svm's exact
 * client and facilitator call (getAccountInfo, getLatestBlockhash, simulateTransaction,
 * sendTransaction, getSignatureStatuses), plus getBalance and getSlot for people poking at it.
 * Only base64 is spoken (x402 asks for nothing else); other encodings answer -32602.
 */
export function solanaRpcMethods(chain: SolanaChain): Record<keyof typeof PARAMS, RpcMethod> {
  const context = () => ({ slot: chain.slot(), apiVersion: "2.2.0" });

  return {
    getAccountInfo: (params) => {
      const [address] = parse(PARAMS.getAccountInfo, params);
      const account = chain.account(address);
      if (account === undefined) return { context: context(), value: null };
      return {
        context: context(),
        value: {
          data: [base64.decode(account.data), "base64"],
          executable: account.executable,
          lamports: account.lamports,
          owner: account.owner,
          rentEpoch: RENT_EXEMPT_EPOCH,
          space: BigInt(account.data.length),
        },
      };
    },

    getBalance: (params) => {
      const [address] = parse(PARAMS.getBalance, params);
      return { context: context(), value: chain.lamports(address) };
    },

    getLatestBlockhash: (params) => {
      parse(PARAMS.getLatestBlockhash, params);
      const blockhash = chain.latestBlockhash();
      return {
        context: context(),
        value: { blockhash, lastValidBlockHeight: chain.slot() + BLOCKHASH_VALID_BLOCKS },
      };
    },

    getSignatureStatuses: (params) => {
      const [signatures] = parse(PARAMS.getSignatureStatuses, params);
      return {
        context: context(),
        value: signatures.map((signature) => {
          const status = chain.status(signature);
          if (status === undefined) return null;
          return {
            slot: status.slot,
            confirmations: null,
            err: status.err,
            status: status.err === null ? { Ok: null } : { Err: status.err },
            confirmationStatus: "confirmed",
          };
        }),
      };
    },

    getSlot: (params) => {
      parse(PARAMS.getSlot, params);
      return chain.slot();
    },

    sendTransaction: (params) => {
      const [wire] = parse(PARAMS.sendTransaction, params);
      const outcome = decoding(() => chain.send(wire));
      if (outcome.kind === "refused") {
        // A real node with skipPreflight would drop such a transaction silently and the sender
        // would wait for a status that never comes; answering the reason is kinder and as safe.
        const reason = outcome.message ?? JSON.stringify(outcome.err);
        throw new RpcError(RPC_ERROR.transactionRefused, `Transaction refused: ${reason}`, {
          err: outcome.err,
          logs: outcome.logs,
        });
      }
      return outcome.signature;
    },

    simulateTransaction: (params) => {
      const [wire, config] = parse(PARAMS.simulateTransaction, params);
      const outcome = decoding(() => chain.simulate(wire, { sigVerify: config.sigVerify }));
      return {
        context: context(),
        value: {
          err: outcome.err,
          logs: outcome.logs,
          accounts: null,
          unitsConsumed: outcome.unitsConsumed,
          returnData: null,
          ...(config.innerInstructions ? { innerInstructions: innerInstructionsOf(outcome) } : {}),
        },
      };
    },
  };
}

/** Runs `step`, answering bytes that are no transaction as invalid params (as a node does). */
function decoding<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof TransactionDecodeError) {
      throw new RpcError(RPC_ERROR.invalidParams, `Invalid params: ${error.message}`);
    }
    throw error;
  }
}

function parse<TSchema extends v.GenericSchema>(
  schema: TSchema,
  params: readonly unknown[],
): v.InferOutput<TSchema> {
  const parsed = v.safeParse(schema, params);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const where = v.getDotPath(issue);
    throw new RpcError(
      RPC_ERROR.invalidParams,
      `Invalid params${where ? ` at ${where}` : ""}: ${issue.message}`,
    );
  }
  return parsed.output;
}

function innerInstructionsOf(outcome: SimulationOutcome) {
  if (outcome.meta === undefined) return [];
  return outcome.meta.innerInstructions().map((list, index) => ({
    index,
    instructions: list.map((inner) => {
      const compiled = inner.instruction();
      return {
        programIdIndex: compiled.programIdIndex(),
        accounts: Array.from(compiled.accounts()),
        data: base58.decode(compiled.data()),
        stackHeight: inner.stackHeight(),
      };
    }),
  }));
}
