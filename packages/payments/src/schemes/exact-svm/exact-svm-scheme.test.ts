import {
  type Address,
  appendTransactionMessageInstructions,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  type Instruction,
  partiallySignTransactionMessageWithSigners,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type TransactionSigner,
} from "@solana/kit";
import {
  findAssociatedTokenPda,
  getTransferCheckedInstruction,
  getTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";
import { beforeAll, describe, expect, it } from "vitest";
import { exactSvm } from "./exact-svm-scheme.js";
import { SOLANA_USDC } from "./usdc-on-solana.js";

/** A blockhash-shaped value: the message is only read here, never sent. */
const BLOCKHASH = "4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi" as Parameters<
  typeof setTransactionMessageLifetimeUsingBlockhash
>[0]["blockhash"];
const MINT = SOLANA_USDC as Address;

let payer: TransactionSigner;
let payee: Address;
let feePayer: Address;

beforeAll(async () => {
  payer = await generateKeyPairSigner();
  payee = (await generateKeyPairSigner()).address;
  feePayer = (await generateKeyPairSigner()).address;
});

const ata = async (owner: Address) =>
  (await findAssociatedTokenPda({ owner, mint: MINT, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0];

/** An x402 `exact` Solana payload: the payer's signature on, the fee payer's left empty. */
async function payload(instructions: (source: Address, to: Address) => Instruction[]) {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(feePayer), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: BLOCKHASH, lastValidBlockHeight: 1n },
        m,
      ),
    async (m) =>
      appendTransactionMessageInstructions(
        instructions(await ata(payer.address), await ata(payee)),
        await m,
      ),
  );
  const signed = await partiallySignTransactionMessageWithSigners(await message);
  return { transaction: getBase64EncodedWireTransaction(signed) };
}

const transfer = (amount: bigint) => (source: Address, destination: Address) => [
  getTransferCheckedInstruction({
    source,
    mint: MINT,
    destination,
    authority: payer,
    amount,
    decimals: 6,
  }),
];

describe("exactSvm", () => {
  it("reads the transfer: the authority as payer (not the fee payer), the payee's token account, the amount, the message hash", async () => {
    const read = exactSvm.readAuthorization(await payload(transfer(10_000n)));
    expect(read).toMatchObject({
      payer: payer.address,
      payTo: await ata(payee),
      value: 10_000n,
      window: undefined,
    });
    expect(read?.payer).not.toBe(feePayer);
    expect(read?.nonce).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });

  it("names one message one payment: the same message reads the same key, another message another", async () => {
    const first = await payload(transfer(10_000n));
    const again = exactSvm.readAuthorization(structuredClone(first));
    expect(again?.nonce).toBe(exactSvm.readAuthorization(first)?.nonce);
    const other = exactSvm.readAuthorization(await payload(transfer(10_001n)));
    expect(other?.nonce).not.toBe(again?.nonce);
  });

  it("pays the payee's associated USDC token account", async () => {
    expect(await exactSvm.recipientOf(payee, SOLANA_USDC)).toBe(await ata(payee));
  });

  it("reads nothing from what is not one TransferChecked transaction", async () => {
    expect(exactSvm.readAuthorization(undefined)).toBeUndefined();
    expect(exactSvm.readAuthorization({ transaction: 42 })).toBeUndefined();
    expect(exactSvm.readAuthorization({ transaction: "not base64!" })).toBeUndefined();
    expect(exactSvm.readAuthorization({ transaction: "AAAA" })).toBeUndefined();
    expect(exactSvm.readAuthorization({ transaction: "A".repeat(4000) })).toBeUndefined();
    // An EVM payload is not a Solana one.
    expect(exactSvm.readAuthorization({ authorization: {}, signature: "0x" })).toBeUndefined();
    // Two transfers, or a plain Transfer (no mint, no decimals), are not an `exact` payment.
    const twice = (s: Address, d: Address) => [...transfer(1n)(s, d), ...transfer(2n)(s, d)];
    expect(exactSvm.readAuthorization(await payload(twice))).toBeUndefined();
    const unchecked = (source: Address, destination: Address) => [
      getTransferInstruction({ source, destination, authority: payer, amount: 10_000n }),
    ];
    expect(exactSvm.readAuthorization(await payload(unchecked))).toBeUndefined();
  });

  it("takes a Solana address as payee, and spells keys as given (base58 is case-sensitive)", () => {
    expect(exactSvm.payee.test(payee)).toBe(true);
    expect(exactSvm.payee.test("0x098B716B8Aaf21512996dC57EB0615e2383E2f96")).toBe(false);
    expect(exactSvm.payee.test("not-an-address")).toBe(false);
    expect(exactSvm.canonical("AbC")).toBe("AbC");
    expect(exactSvm.spells("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")).toBe(true);
    expect(exactSvm.spells("eip155:8453")).toBe(false);
  });

  it("is never answered first: it reads no chain, and a payment lives as its blockhash does", () => {
    expect(exactSvm.chain).toBeUndefined();
    expect(exactSvm.lifetimeSeconds).toBeGreaterThanOrEqual(90);
  });
});
