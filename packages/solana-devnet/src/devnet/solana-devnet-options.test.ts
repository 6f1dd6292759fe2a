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
      network: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
      createPayeeAccount: true,
    });
    expect(solanaDevnetOptions()).not.toHaveProperty("payTo");
  });

  it("takes Solana devnet, a payee address and a payee left without a token account", () => {
    const options = {
      network: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
      // Circle's USDC mint: an address like any other to the option.
      payTo: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
      createPayeeAccount: false,
    } as const;
    expect(solanaDevnetOptions(options)).toMatchObject(options);
  });

  it.each([
    [{ payers: 21 }, "payers"],
    [{ payers: 1.5 }, "payers"],
    [{ usdcPerPayer: -1n }, "usdcPerPayer"],
    [{ blockhashTtlSeconds: 0 }, "blockhashTtlSeconds"],
    [{ duplicates: "silently" }, "duplicates"],
    [{ network: "solana:devnet" }, "network"],
    [{ network: "solana-devnet" }, "network"],
    [{ payTo: "0x0000000000000000000000000000000000000000" }, "payTo"],
    [{ payTo: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt0" }, "payTo"], // 0 is no base58 digit
    [{ payTo: "" }, "payTo"],
    [{ createPayeeAccount: "no" }, "createPayeeAccount"],
  ])("refuses %o, naming %s", (options, name) => {
    expect(() => solanaDevnetOptions(options as never)).toThrow(
      new RegExp(`^startSolanaDevnet: ${name}: `),
    );
  });
});
