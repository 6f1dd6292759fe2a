import { generateKeyPairSigner, type KeyPairSigner } from "@solana/kit";
import type { Network } from "@x402/core/types";
import {
  associatedTokenAccount,
  seedMint,
  seedTokenAccount,
  tokenAccountAmount,
} from "../chain/account-seeding.js";
import { SolanaChain } from "../chain/solana-chain.js";
import {
  createSolanaFacilitator,
  type SolanaFacilitator,
} from "../facilitator/in-process-facilitator.js";
import { ONE_SOL, SOLANA_MAINNET, USDC_MINT } from "../network/solana-network.js";
import { serveJsonRpc } from "../rpc/json-rpc-server.js";
import { solanaRpcMethods } from "../rpc/solana-rpc-methods.js";
import { type StartSolanaDevnetOptions, solanaDevnetOptions } from "./solana-devnet-options.js";

/** A throwaway keypair made for this devnet, and the signer x402's SVM client takes. */
export interface SolanaDevnetAccount {
  readonly address: string;
  readonly signer: KeyPairSigner;
}

export interface SolanaDevnet {
  /** `http://127.0.0.1:<port>`: the Solana JSON-RPC endpoint (HTTP only, no websocket). */
  readonly rpcUrl: string;
  /** The CAIP-2 id the facilitator serves: Solana mainnet's. */
  readonly network: typeof SOLANA_MAINNET & Network;
  /** Circle's USDC mint address, seeded as a 6-decimal mint. */
  readonly usdcMint: string;
  /** The payee: an address whose USDC token account exists, holding 0. */
  readonly payTo: string;
  /** Funded payers: a USDC token account each (100 USDC by default), no SOL (they only sign). */
  readonly payers: readonly SolanaDevnetAccount[];
  /** The facilitator's key: the fee payer of every payment, with 10 SOL. */
  readonly feePayer: SolanaDevnetAccount;
  /** The in-process facilitator (x402 `FacilitatorClient`) settling with `feePayer`. */
  readonly facilitator: SolanaFacilitator;
  /** The owner's USDC balance in atomic units, or null when it has no USDC token account. */
  usdcBalanceOf(owner: string): Promise<bigint | null>;
  /** Every blockhash handed out so far stops being valid: unsettled payments can no longer land. */
  expireBlockhash(): void;
  /** How many times each JSON-RPC method was called (unknown ones too). */
  rpcCalls(): Record<string, number>;
  /** Closes the JSON-RPC server. Safe to call more than once. */
  stop(): Promise<void>;
}

/**
 * A local Solana for x402: litesvm in this process (the real runtime and SPL Token program)
 * behind a JSON-RPC server on 127.0.0.1, Circle's USDC mint at its mainnet address, funded
 * payers, a payee with its token account, and an in-process facilitator built from @x402/core
 * and @x402/svm. Blockhashes expire by wall clock (`blockhashTtlSeconds`), and a resent
 * transaction is treated as a mainnet node treats it (see `duplicates`).
 */
export async function startSolanaDevnet(
  options: StartSolanaDevnetOptions = {},
): Promise<SolanaDevnet> {
  const settings = solanaDevnetOptions(options);
  const chain = new SolanaChain({
    blockhashTtlMs: settings.blockhashTtlSeconds * 1000,
    duplicates: settings.duplicates,
  });

  const [mintAuthority, payee, feePayer, ...payerSigners] = await Promise.all(
    Array.from({ length: 3 + settings.payers }, () => generateKeyPairSigner()),
  );
  if (mintAuthority === undefined || payee === undefined || feePayer === undefined) {
    throw new Error("startSolanaDevnet: keypair generation failed");
  }
  seedMint(chain.svm, USDC_MINT, {
    supply: settings.usdcPerPayer * BigInt(settings.payers),
    mintAuthority: mintAuthority.address,
  });
  await seedTokenAccount(chain.svm, USDC_MINT, payee.address, 0n);
  await Promise.all(
    payerSigners.map((payer) =>
      seedTokenAccount(chain.svm, USDC_MINT, payer.address, settings.usdcPerPayer),
    ),
  );
  chain.airdrop(feePayer.address, 10n * ONE_SOL);

  const server = await serveJsonRpc(solanaRpcMethods(chain), { port: settings.rpcPort });
  let stopped: Promise<void> | undefined;
  const account = (signer: KeyPairSigner) => ({ address: signer.address, signer });
  return {
    rpcUrl: server.url,
    network: SOLANA_MAINNET,
    usdcMint: USDC_MINT,
    payTo: payee.address,
    payers: payerSigners.map(account),
    feePayer: account(feePayer),
    facilitator: createSolanaFacilitator({ rpcUrl: server.url, feePayer }),
    usdcBalanceOf: async (owner) =>
      tokenAccountAmount(chain.svm, await associatedTokenAccount(USDC_MINT, owner)) ?? null,
    expireBlockhash: () => chain.expireBlockhashes(),
    rpcCalls: () => server.calls(),
    stop: () => {
      stopped ??= server.close();
      return stopped;
    },
  };
}
