import { describe, expect, it } from "vitest";
import { keyOf } from "../reservation/reservation-store.js";
import { canonicalKey } from "./canonical-key.js";

describe("canonicalKey", () => {
  it("lower-cases an EVM key's hex (one authorization, one key, however it was spelled)", () => {
    const key = {
      network: "eip155:8453",
      asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      payer: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      nonce: `0x${"AB".repeat(32)}`,
    };
    expect(canonicalKey(key)).toEqual({
      network: "eip155:8453",
      asset: key.asset.toLowerCase(),
      payer: key.payer.toLowerCase(),
      nonce: key.nonce.toLowerCase(),
    });
    expect(canonicalKey(canonicalKey(key))).toEqual(canonicalKey(key));
    expect(keyOf(key)).toBe(Object.values(canonicalKey(key)).join("|"));
  });

  it("leaves a key on a network no scheme spells as it is (base58 is case-sensitive)", () => {
    const key = {
      network: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
      asset: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
      payer: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM",
      nonce:
        "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW",
    };
    expect(canonicalKey(key)).toEqual(key);
    expect(keyOf(key)).toBe(Object.values(key).join("|"));
  });
});
