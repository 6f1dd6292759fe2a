import { privateKeyToAddress } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  anvilAccount,
  DEVNET_PRIVATE_KEYS,
  DEVNET_ROLES,
  isDevnetKey,
  MAX_PAYERS,
  payerAccounts,
} from "./devnet-accounts.js";

describe("devnet accounts", () => {
  it("pairs every hard-coded key with its own address", () => {
    for (let i = 0; i < 10; i++) {
      const { address, privateKey } = anvilAccount(i);
      expect(privateKeyToAddress(privateKey)).toBe(address);
    }
    expect(() => anvilAccount(10)).toThrow(RangeError);
  });

  it("gives the roles distinct accounts and payers from index 3 on", () => {
    expect(anvilAccount(DEVNET_ROLES.facilitator).address).toBe(
      "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    );
    const payers = payerAccounts(MAX_PAYERS);
    expect(payers).toHaveLength(7);
    expect(payers[0]).toEqual(anvilAccount(3));
    expect(() => payerAccounts(8)).toThrow(RangeError);
  });

  it("recognizes devnet keys however they are written", () => {
    const key = anvilAccount(0).privateKey;
    expect(DEVNET_PRIVATE_KEYS.size).toBe(10);
    expect(isDevnetKey(key)).toBe(true);
    expect(isDevnetKey(key.toUpperCase().replace("0X", "0x"))).toBe(true);
    expect(isDevnetKey(key.slice(2))).toBe(true);
    expect(isDevnetKey(` ${key}\n`)).toBe(true);
    expect(isDevnetKey(`0x${"11".repeat(32)}`)).toBe(false);
  });
});
