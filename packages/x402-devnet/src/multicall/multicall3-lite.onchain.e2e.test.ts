import { encodeFunctionData } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRpc } from "../chain/json-rpc.js";
import { type Devnet, startDevnet } from "../devnet/start-devnet.js";
import { signPayment, usdcRequirements } from "../test-support/payments.js";
import { fiatTokenAbi, USDC_ADDRESS } from "../usdc/usdc-token.js";
import { installMulticall3Lite, MULTICALL3_ADDRESS } from "./multicall3-lite.js";

/**
 * The ABI @x402/evm uses for it, except that the function is declared `view` here: it is
 * `payable` on chain, but viem's typed readContract (an eth_call, like x402's) only accepts
 * view/pure functions.
 */
const tryAggregateAbi = [
  {
    type: "function",
    name: "tryAggregate",
    stateMutability: "view",
    inputs: [
      { name: "requireSuccess", type: "bool" },
      {
        name: "calls",
        type: "tuple[]",
        components: [
          { name: "target", type: "address" },
          { name: "callData", type: "bytes" },
        ],
      },
    ],
    outputs: [
      {
        name: "returnData",
        type: "tuple[]",
        components: [
          { name: "success", type: "bool" },
          { name: "returnData", type: "bytes" },
        ],
      },
    ],
  },
] as const;

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ payers: 1 });
});
afterAll(async () => {
  await devnet?.stop();
});

describe("Multicall3Lite at 0xcA11…CA11", () => {
  const calls = () => [
    {
      target: USDC_ADDRESS,
      callData: encodeFunctionData({ abi: fiatTokenAbi, functionName: "name" }),
    },
    // A call that reverts: the multicall is not a USDC minter.
    {
      target: USDC_ADDRESS,
      callData: encodeFunctionData({
        abi: fiatTokenAbi,
        functionName: "mint",
        args: [USDC_ADDRESS, 1n],
      }),
    },
  ];

  it("returns each call's success and data, failures included, when requireSuccess is false", async () => {
    const results = await devnet.publicClient.readContract({
      address: MULTICALL3_ADDRESS,
      abi: tryAggregateAbi,
      functionName: "tryAggregate",
      args: [false, calls()],
    });
    expect(results).toHaveLength(2);
    expect(results[0]!.success).toBe(true);
    expect(results[0]!.returnData).toContain("55534420436f696e"); // "USD Coin"
    expect(results[1]!.success).toBe(false);
  });

  it("reverts the batch when requireSuccess is true and a call fails", async () => {
    await expect(
      devnet.publicClient.readContract({
        address: MULTICALL3_ADDRESS,
        abi: tryAggregateAbi,
        functionName: "tryAggregate",
        args: [true, calls()],
      }),
    ).rejects.toThrow(/Multicall3: call failed/);
  });

  it("is what turns a replay into invalid_exact_evm_nonce_already_used (without it: a vague failure)", async () => {
    const requirements = usdcRequirements(devnet.payTo);
    const payload = await signPayment(devnet.payers[0]!.privateKey, requirements);
    expect((await devnet.facilitator.settle(payload, requirements)).success).toBe(true);

    await jsonRpc(devnet.rpcUrl, "anvil_setCode", [MULTICALL3_ADDRESS, "0x"]);
    try {
      const vague = await devnet.facilitator.verify(payload, requirements);
      expect(vague).toMatchObject({
        isValid: false,
        invalidReason: "invalid_exact_evm_transaction_simulation_failed",
      });
    } finally {
      await installMulticall3Lite(devnet.rpcUrl);
    }
    const precise = await devnet.facilitator.verify(payload, requirements);
    expect(precise).toMatchObject({
      isValid: false,
      invalidReason: "invalid_exact_evm_nonce_already_used",
    });
  });
});
