import { describe, expect, it } from "vitest";
import { solanaDevnetOptions } from "./solana-devnet-options.js";

describe("solanaDevnetOptions", () => {
  it("fills in the defaults", () => {
    expect(solanaDevnetOptions()).toEqual({
      payers: 3,
      usdcPerPayer: 100_000_000n,
      rpcPort: 0,
      blockhashTtlSeconds: 60,
      duplicates: "like-a-node",
    });
  });

  it.each([
    [{ payers: 21 }, "payers"],
    [{ payers: 1.5 }, "payers"],
    [{ usdcPerPayer: -1n }, "usdcPerPayer"],
    [{ blockhashTtlSeconds: 0 }, "blockhashTtlSeconds"],
    [{ duplicates: "silently" }, "duplicates"],
    [{ network: "solana:devnet" }, "network"],
  ])("refuses %o, naming %s", (options, name) => {
    expect(() => solanaDevnetOptions(options as never)).toThrow(
      new RegExp(`^startSolanaDevnet: ${name}: `),
    );
  });
});
