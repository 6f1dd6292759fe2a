import { describe, expect, it } from "vitest";
import { exactEvm } from "./exact-evm-scheme.js";
import {
  BASE_NETWORK,
  BASE_SEPOLIA_NETWORK,
  BASE_SEPOLIA_USDC,
  BASE_USDC,
  SEPOLIA_USDC_EIP712,
  USDC_EIP712,
} from "./usdc-on-base.js";

const PAYER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const PAYEE = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const NONCE = `0x${"AB".repeat(32)}`;

/** An exact-scheme payload as an EIP-3009 client signs it. */
const payload = (authorization: Record<string, unknown> = {}) => ({
  signature: `0x${"11".repeat(65)}`,
  authorization: {
    from: PAYER,
    to: PAYEE,
    value: "10000",
    validAfter: "0",
    validBefore: "1800000000",
    nonce: NONCE,
    ...authorization,
  },
});

describe("the exact EVM scheme", () => {
  it("is paid in Circle's USDC on Base and on Base Sepolia, each with its token's EIP-712 domain and its x402 v1 name", () => {
    expect(exactEvm.scheme).toBe("exact");
    expect(exactEvm.networks).toEqual({
      [BASE_NETWORK]: {
        address: BASE_USDC,
        extra: USDC_EIP712,
        label: "USDC on Base",
        v1Network: "base",
      },
      [BASE_SEPOLIA_NETWORK]: {
        address: BASE_SEPOLIA_USDC,
        extra: SEPOLIA_USDC_EIP712,
        label: "USDC on Base Sepolia, a testnet",
        v1Network: "base-sepolia",
      },
    });
  });

  it("reads an EIP-3009 authorization: payer, nonce and payee lower-cased, numbers as bigints", () => {
    expect(exactEvm.readAuthorization(payload())).toEqual({
      payer: PAYER.toLowerCase(),
      nonce: NONCE.toLowerCase(),
      payTo: PAYEE.toLowerCase(),
      value: 10000n,
      window: { validAfter: 0n, validBefore: 1800000000n },
    });
  });

  it("reads nothing from a payload that is not an EIP-3009 authorization", () => {
    expect(exactEvm.readAuthorization(undefined)).toBeUndefined();
    expect(exactEvm.readAuthorization({ permit2Authorization: {} })).toBeUndefined();
    expect(exactEvm.readAuthorization(payload({ value: "1e4" }))).toBeUndefined();
    expect(exactEvm.readAuthorization(payload({ from: "0x1234" }))).toBeUndefined();
    expect(exactEvm.readAuthorization(payload({ nonce: "0xab" }))).toBeUndefined();
  });

  it("spells every eip155 network's keys in lower-case hex, and no other network's", () => {
    expect(exactEvm.canonical(NONCE)).toBe(NONCE.toLowerCase());
    expect(exactEvm.spells("eip155:8453")).toBe(true);
    expect(exactEvm.spells("eip155:84532")).toBe(true);
    expect(exactEvm.spells("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")).toBe(false);
  });

  it("takes a 0x payee of 40 hex digits, and knows the devnet's public accounts and keys", () => {
    expect(exactEvm.payee.test(PAYEE)).toBe(true);
    expect(exactEvm.payee.test("0x1234")).toBe(false);
    expect(exactEvm.payee.test("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")).toBe(false);
    expect(exactEvm.devnet.isPublicAccount(PAYEE)).toBe(true);
    expect(exactEvm.devnet.isPublicAccount("0x0000000000000000000000000000000000000001")).toBe(
      false,
    );
    expect(
      exactEvm.devnet.holdsPublicSecret(
        "key=AC0974BEC39A17E36BA4A6B4D238FF944BACB478CBED5EFCAE784D7BF4F2FF80",
      ),
    ).toBe(true);
    expect(exactEvm.devnet.holdsPublicSecret("0x1234")).toBe(false);
  });
});
