import { generateKeyPairSigner } from "@solana/kit";
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
import {
  ONE_SOL,
  SOLANA_NETWORKS,
  type SolanaNetworkId,
  type SolanaNetworkInfo,
} from "../network/solana-network.js";
import { serveJsonRpc } from "../rpc/json-rpc-server.js";
import { solanaRpcMethods } from "../rpc/solana-rpc-methods.js";
import { generateDevnetAccount, type SolanaDevnetAccount } from "./devnet-account.js";
import { type StartSolanaDevnetOptions, solanaDevnetOptions } from "./solana-devnet-options.js";

export interface SolanaDevnet {
  /** `http://127.0.0.1:<port>`: the Solana JSON-RPC endpoint (HTTP only, no websocket). */
  readonly rpcUrl: string;
  /** The CAIP-2 id the facilitator serves (x402 v2): the `network` option's. */
  readonly network: SolanaNetworkId;
  /** The same network's x402 v1 name, which the facilitator serves too. */
  readonly v1Network: SolanaNetworkInfo["v1Network"];
  /** Circle's USDC mint address on that network, seeded as a 6-decimal mint. */
  readonly usdcMint: string;
  /** The payee's address: the `payTo` option, or a fresh keypair's. */
  readonly payTo: string;
  /**
   * The payee the devnet made (undefined when `payTo` named one), with its secret key. Its USDC
   * token account exists, holding 0, unless `createPayeeAccount` was false.
   */
  readonly payee: SolanaDevnetAccount | undefined;
  /** Funded payers: a USDC token account each (100 USDC by default), no SOL (they only sign). */
  readonly payers: readonly SolanaDevnetAccount[];
  /** The facilitator's key: the fee payer of every payment, with 10 SOL. */
  readonly feePayer: SolanaDevnetAccount;
  /** The in-process facilitator (x402 `FacilitatorClient`) settling with `feePayer`. */
  readonly facilitator: SolanaFacilitator;
  /** The owner's USDC balance in atomic units, or null when it has no USDC token account. */
  usdcBalanceOf(owner: string): Promise<bigint | null>;
  /**
   * The owner's USDC associated token account (where x402 pays it), or null when it does not
   * exist: what a start-up check reading getAccountInfo over the RPC finds.
   */
  usdcAccountOf(owner: string): Promise<string | null>;
  /** Every blockhash handed out so far stops being valid: unsettled payments can no longer land. */
  expireBlockhash(): void;
  /** How many times each JSON-RPC method was called (unknown ones too). */
  rpcCalls(): Record<string, number>;
  /** Closes the JSON-RPC server. Safe to call more than once. */
  stop(): Promise<void>;
}

/**
 * A local Solana for x402: litesvm in this process (the real runtime and SPL Token program)
 * behind a JSON-RPC server on 127.0.0.1, Circle's USDC mint at its address on the chosen
 * network (mainnet by default, or devnet), funded payers, a payee with its token account, and an
 * in-process facilitator built from @x402/core and @x402/svm. Blockhashes expire by wall clock
 * (`blockhashTtlSeconds`), and a resent transaction is treated as a mainnet node treats it (see
 * `duplicates`). Every key the devnet makes comes with its secret, for payers in other processes.
 */
export async function startSolanaDevnet(
  options: StartSolanaDevnetOptions = {},
): Promise<SolanaDevnet> {
  const settings = solanaDevnetOptions(options);
  const { network, v1Network, usdcMint } = SOLANA_NETWORKS[settings.network];
  const chain = new SolanaChain({
    blockhashTtlMs: settings.blockhashTtlSeconds * 1000,
    duplicates: settings.duplicates,
  });
  const [mintAuthority, feePayer, payee, payers] = await Promise.all([
    // Only its address is ever used (the mint is written directly, see seedMint).
    generateKeyPairSigner(),
    generateDevnetAccount(),
    settings.payTo === undefined ? generateDevnetAccount() : undefined,
    Promise.all(Array.from({ length: settings.payers }, () => generateDevnetAccount())),
  ]);
  const payTo = settings.payTo ?? payee?.address;
  if (payTo === undefined) throw new Error("startSolanaDevnet: no payee");

  seedMint(chain.svm, usdcMint, {
    supply: settings.usdcPerPayer * BigInt(settings.payers),
    mintAuthority: mintAuthority.address,
  });
  if (settings.createPayeeAccount) await seedTokenAccount(chain.svm, usdcMint, payTo, 0n);
  await Promise.all(
    payers.map((payer) =>
      seedTokenAccount(chain.svm, usdcMint, payer.address, settings.usdcPerPayer),
    ),
  );
  chain.airdrop(feePayer.address, 10n * ONE_SOL);

  const server = await serveJsonRpc(solanaRpcMethods(chain), { port: settings.rpcPort });
  const usdcAccount = async (owner: string) => {
    const ata = await associatedTokenAccount(usdcMint, owner);
    return { ata, amount: tokenAccountAmount(chain.svm, ata) };
  };
  let stopped: Promise<void> | undefined;
  return {
    rpcUrl: server.url,
    network,
    v1Network,
    usdcMint,
    payTo,
    payee,
    payers,
    feePayer,
    facilitator: createSolanaFacilitator({
      rpcUrl: server.url,
      feePayer: feePayer.signer,
      network,
    }),
    usdcBalanceOf: async (owner) => (await usdcAccount(owner)).amount ?? null,
    usdcAccountOf: async (owner) => {
      const { ata, amount } = await usdcAccount(owner);
      return amount === undefined ? null : ata;
    },
    expireBlockhash: () => chain.expireBlockhashes(),
    rpcCalls: () => server.calls(),
    stop: () => {
      stopped ??= server.close();
      return stopped;
    },
  };
}
