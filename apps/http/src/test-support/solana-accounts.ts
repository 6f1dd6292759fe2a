import {
  AccountRole,
  type Address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  getAddressEncoder,
  getBase64EncodedWireTransaction,
  getProgramDerivedAddress,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";

/**
 * What tests of the Solana payee check do to a chain (the local Solana runtime, or any node),
 * with the real programs: find a payee's USDC token account, hand it to another owner, put a
 * plain account where it would be. Instructions are spelled out here (a few bytes each) rather
 * than taken from the programs' client packages, which the service does not otherwise need.
 */
const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA" as Address;
const ASSOCIATED_TOKEN_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL" as Address;
const SYSTEM_PROGRAM = "11111111111111111111111111111111" as Address;

/** The associated token account of `owner` for `mint` (SPL Token): where payments to it go. */
export async function associatedTokenAccount(owner: string, mint: string): Promise<Address> {
  const encode = getAddressEncoder().encode;
  const [account] = await getProgramDerivedAddress({
    programAddress: ASSOCIATED_TOKEN_PROGRAM,
    seeds: [encode(owner as Address), encode(TOKEN_PROGRAM), encode(mint as Address)],
  });
  return account;
}

/**
 * SPL Token's `SetAuthority` (tag 6) of kind `AccountOwner` (2): the token account `account`,
 * owned by `owner`, now belongs to `newOwner`, at the same address.
 */
export function setTokenAccountOwner(
  account: Address,
  owner: KeyPairSigner,
  newOwner: string,
): Instruction {
  return {
    programAddress: TOKEN_PROGRAM,
    accounts: [
      { address: account, role: AccountRole.WRITABLE },
      { address: owner.address, role: AccountRole.READONLY_SIGNER, signer: owner },
    ] as Instruction["accounts"],
    data: new Uint8Array([6, 2, 1, ...getAddressEncoder().encode(newOwner as Address)]),
  };
}

/**
 * The System program's `Transfer` (tag 2, u32; lamports, u64, little-endian): sending SOL to an
 * address with no account creates one there, owned by the System program.
 */
export function transferLamports(from: KeyPairSigner, to: string, lamports: bigint): Instruction {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, lamports, true);
  return {
    programAddress: SYSTEM_PROGRAM,
    accounts: [
      { address: from.address, role: AccountRole.WRITABLE_SIGNER, signer: from },
      { address: to as Address, role: AccountRole.WRITABLE },
    ] as Instruction["accounts"],
    data,
  };
}

/**
 * Signs `instructions` into one transaction paid by `feePayer` (with every signer their accounts
 * name), sends it and waits until it is confirmed; throws if it failed.
 */
export async function sendInstructions(
  rpcUrl: string,
  feePayer: KeyPairSigner,
  instructions: readonly Instruction[],
): Promise<void> {
  const rpc = createSolanaRpc(rpcUrl);
  const { value: lifetime } = await rpc.getLatestBlockhash().send();
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(feePayer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  );
  const signature = await rpc
    .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: "base64" })
    .send();
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { value } = await rpc.getSignatureStatuses([signature]).send();
    const status = value[0];
    if (status?.err) {
      const err = JSON.stringify(status.err, (_, v) => (typeof v === "bigint" ? String(v) : v));
      throw new Error(`transaction ${signature} failed: ${err}`);
    }
    if (status?.confirmationStatus === "confirmed" || status?.confirmationStatus === "finalized") {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`transaction ${signature} was not confirmed within 10 s`);
}
