import { createKeyPairSignerFromBytes, getBase58Encoder } from "@solana/kit";
import { describe, expect, it } from "vitest";
import { generateDevnetAccount } from "./devnet-account.js";

describe("generateDevnetAccount", () => {
  it("exports a 64-byte base58 secret key (seed + public key) that rebuilds the same signer", async () => {
    const account = await generateDevnetAccount();
    const bytes = getBase58Encoder().encode(account.secretKey);
    expect(bytes).toHaveLength(64);
    const rebuilt = await createKeyPairSignerFromBytes(bytes);
    expect(rebuilt.address).toBe(account.address);
    expect(account.signer.address).toBe(account.address);
    const message = new TextEncoder().encode("same key");
    const [original] = await account.signer.signMessages([{ content: message, signatures: {} }]);
    const [again] = await rebuilt.signMessages([{ content: message, signatures: {} }]);
    // ed25519 is deterministic: the same key signs the same bytes alike.
    expect(again?.[rebuilt.address]).toEqual(original?.[account.signer.address]);
  });

  it("draws a fresh key each time", async () => {
    const [a, b] = await Promise.all([generateDevnetAccount(), generateDevnetAccount()]);
    expect(a.address).not.toBe(b.address);
    expect(a.secretKey).not.toBe(b.secretKey);
  });
});
