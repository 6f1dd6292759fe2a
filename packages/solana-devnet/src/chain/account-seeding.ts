import { type Address, address } from "@solana/kit";
import {
  AccountState,
  findAssociatedTokenPda,
  getMintEncoder,
  getTokenDecoder,
  getTokenEncoder,
  TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";
import type { LiteSVM } from "litesvm";
import { USDC_DECIMALS } from "../network/solana-network.js";
import { toLitesvmAddress, toLitesvmLamports } from "./litesvm-boundary.js";

const MINT_SIZE = 82n;
const TOKEN_ACCOUNT_SIZE = 165n;

/**
 * Writes an initialized SPL Token mint at `mint` (Circle's USDC address), as the token program
 * lays it out: 6 decimals, no freeze authority. Writing the account directly is how the devnet
 * puts USDC where mainnet has it without Circle's mint authority.
 */
export function seedMint(
  svm: LiteSVM,
  mint: string,
  options: { supply: bigint; mintAuthority: string },
): void {
  const data = getMintEncoder().encode({
    mintAuthority: address(options.mintAuthority),
    supply: options.supply,
    decimals: USDC_DECIMALS,
    isInitialized: true,
    freezeAuthority: null,
  });
  svm.setAccount({
    address: toLitesvmAddress(mint),
    lamports: toLitesvmLamports(svm.minimumBalanceForRentExemption(MINT_SIZE)),
    data: new Uint8Array(data),
    programAddress: toLitesvmAddress(TOKEN_PROGRAM_ADDRESS),
    executable: false,
    space: MINT_SIZE,
  });
}

/** The owner's associated token account for `mint` (what x402 pays into and from). */
export async function associatedTokenAccount(mint: string, owner: string): Promise<Address> {
  const [ata] = await findAssociatedTokenPda({
    mint: address(mint),
    owner: address(owner),
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
  return ata;
}

/** Writes the owner's associated token account for `mint` holding `amount`; returns its address. */
export async function seedTokenAccount(
  svm: LiteSVM,
  mint: string,
  owner: string,
  amount: bigint,
): Promise<Address> {
  const ata = await associatedTokenAccount(mint, owner);
  const data = getTokenEncoder().encode({
    mint: address(mint),
    owner: address(owner),
    amount,
    delegate: null,
    state: AccountState.Initialized,
    isNative: null,
    delegatedAmount: 0n,
    closeAuthority: null,
  });
  svm.setAccount({
    address: toLitesvmAddress(ata),
    lamports: toLitesvmLamports(svm.minimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE)),
    data: new Uint8Array(data),
    programAddress: toLitesvmAddress(TOKEN_PROGRAM_ADDRESS),
    executable: false,
    space: TOKEN_ACCOUNT_SIZE,
  });
  return ata;
}

/** The amount a token account holds, or undefined when the account does not exist. */
export function tokenAccountAmount(svm: LiteSVM, tokenAccount: string): bigint | undefined {
  const account = svm.getAccount(toLitesvmAddress(tokenAccount));
  return account.exists ? getTokenDecoder().decode(account.data).amount : undefined;
}
