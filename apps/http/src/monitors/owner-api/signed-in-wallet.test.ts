import { describe, expect, it } from "vitest";
import { ownsMonitor } from "./signed-in-wallet.js";

const EVM = { namespace: "eip155", address: "0xabc0000000000000000000000000000000000001" } as const;
const SOL = {
  namespace: "solana",
  address: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
} as const;

describe("ownsMonitor", () => {
  it("an EVM wallet owns its address's monitors on every EVM chain, whatever the owner's letter case", () => {
    expect(ownsMonitor(EVM, `eip155:8453:${EVM.address}`)).toBe(true);
    expect(ownsMonitor(EVM, `eip155:84532:${EVM.address}`)).toBe(true);
    expect(ownsMonitor(EVM, `eip155:1:${EVM.address.toUpperCase().replace("0X", "0x")}`)).toBe(
      true,
    );
  });

  it("not another address's, nor the same text in another namespace, nor a malformed owner", () => {
    expect(ownsMonitor(EVM, "eip155:8453:0xabc0000000000000000000000000000000000002")).toBe(false);
    expect(ownsMonitor(EVM, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${EVM.address}`)).toBe(false);
    expect(ownsMonitor(EVM, `eip155:8453:${EVM.address}:extra`)).toBe(false);
    expect(ownsMonitor(EVM, "eip155:8453")).toBe(false);
  });

  it("a Solana wallet's address is compared as spelled (base58 is case-sensitive)", () => {
    expect(ownsMonitor(SOL, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${SOL.address}`)).toBe(true);
    expect(
      ownsMonitor(SOL, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${SOL.address.toLowerCase()}`),
    ).toBe(false);
  });
});
