import { hashDomain, toEventSelector, toFunctionSelector } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Devnet, startDevnet } from "../devnet/start-devnet.js";
import { fiatTokenV2_2Artifact, linkedFiatTokenRuntime } from "./fiat-token-artifact.js";
import { fiatTokenAbi, ONE_USDC, USDC_ADDRESS, usdcBalance } from "./usdc-token.js";

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ payers: 3, usdcPerPayer: 100n * ONE_USDC });
});
afterAll(async () => {
  await devnet?.stop();
});

type Getter = "name" | "symbol" | "currency" | "decimals" | "version" | "DOMAIN_SEPARATOR";
const read = (functionName: Getter | "totalSupply" | "owner"): Promise<unknown> =>
  devnet.publicClient.readContract({ address: USDC_ADDRESS, abi: fiatTokenAbi, functionName });

describe("USDC on the devnet", () => {
  it("sits at the canonical Base USDC address as Circle's FiatTokenV2_2 code", async () => {
    expect(USDC_ADDRESS).toBe("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
    const code = await devnet.publicClient.getCode({ address: USDC_ADDRESS });
    expect(code).toBeDefined();
    // Same code as the artifact's, apart from the 2×20 bytes of the linked library address.
    const artifactCode = fiatTokenV2_2Artifact().deployedBytecode;
    expect(code!.length).toBe(artifactCode.length);
    let differing = 0;
    for (let i = 2; i < code!.length; i += 2) {
      if (code!.slice(i, i + 2) !== artifactCode.slice(i, i + 2).toLowerCase()) differing++;
    }
    expect(differing).toBeLessThanOrEqual(40);
  });

  it('reports name "USD Coin", symbol USDC, currency USD, 6 decimals, version "2"', async () => {
    expect(await read("name")).toBe("USD Coin");
    expect(await read("symbol")).toBe("USDC");
    expect(await read("currency")).toBe("USD");
    expect(await read("decimals")).toBe(6);
    expect(await read("version")).toBe("2");
    expect(await read("owner")).toBe(devnet.deployer.address);
  });

  it("has the EIP-712 domain separator viem computes for chain 8453 at that address", async () => {
    const expected = hashDomain({
      domain: { name: "USD Coin", version: "2", chainId: 8453n, verifyingContract: USDC_ADDRESS },
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "version", type: "string" },
          { name: "chainId", type: "uint256" },
          { name: "verifyingContract", type: "address" },
        ],
      },
    });
    expect(await read("DOMAIN_SEPARATOR")).toBe(expected);
  });

  it("has minted 100 USDC to each payer and nothing to the payee", async () => {
    for (const payer of devnet.payers) {
      expect(await devnet.balanceOf(payer.address)).toBe(100_000_000n);
      expect(await usdcBalance(devnet.publicClient, payer.address)).toBe(100_000_000n);
    }
    expect(await devnet.balanceOf(devnet.payTo)).toBe(0n);
    expect(await read("totalSupply")).toBe(300_000_000n);
  });
});

describe("the FiatTokenV2_2 artifact glue", () => {
  it("declares only functions and events that Circle's ABI has, with the same selectors", () => {
    const artifact = fiatTokenV2_2Artifact().abi;
    const selectorsOf = (abi: readonly unknown[], kind: "function" | "event") =>
      new Set(
        (abi as { type: string }[])
          .filter((item) => item.type === kind)
          .map((item) =>
            kind === "function"
              ? toFunctionSelector(item as Parameters<typeof toFunctionSelector>[0])
              : toEventSelector(item as Parameters<typeof toEventSelector>[0]),
          ),
      );
    for (const kind of ["function", "event"] as const) {
      const known = selectorsOf(artifact, kind);
      for (const selector of selectorsOf(fiatTokenAbi, kind)) expect(known).toContain(selector);
    }
  });

  it("links the library address into every placeholder", () => {
    const library = "0x1111111111111111111111111111111111111111";
    const linked = linkedFiatTokenRuntime(library);
    expect(linked.split("1111111111111111111111111111111111111111").length - 1).toBe(2);
    expect(linked).not.toContain("__");
  });
});
