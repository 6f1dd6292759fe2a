import { SOLANA_NETWORK, SOLANA_USDC, termsOn } from "@svc/payments";
import { describe, expect, it } from "vitest";
import { paidNetworksOf } from "./paid-on.js";

const solana = termsOn(SOLANA_NETWORK, "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM");

describe("where the tools are paid", () => {
  it("names each network from the scheme's table, with its asset and payee; Base alone without terms", () => {
    expect(paidNetworksOf([solana])).toEqual([
      {
        network: SOLANA_NETWORK,
        networkLabel: "USDC on Solana",
        v1Network: "solana",
        asset: SOLANA_USDC,
        payTo: solana.payTo,
      },
    ]);
    expect(paidNetworksOf(undefined)).toEqual([
      { network: "eip155:8453", networkLabel: "USDC on Base", v1Network: "base" },
    ]);
    expect(paidNetworksOf([])).toEqual(paidNetworksOf(undefined));
  });
});
