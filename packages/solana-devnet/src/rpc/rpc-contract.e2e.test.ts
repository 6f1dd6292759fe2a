import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SolanaDevnet, startSolanaDevnet } from "../devnet/start-solana-devnet.js";
import { firstPayer, routeRequirements, signPayment } from "../test-support/svm-payments.js";

let devnet: SolanaDevnet;

beforeAll(async () => {
  devnet = await startSolanaDevnet({ payers: 1 });
});
afterAll(async () => {
  await devnet?.stop();
});

async function post(body: unknown): Promise<unknown> {
  const response = await fetch(devnet.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return response.json();
}

describe("the Solana JSON-RPC methods x402 calls", () => {
  it("are exactly getAccountInfo, getLatestBlockhash, simulateTransaction, sendTransaction and getSignatureStatuses for one payment (sign, verify, settle)", async () => {
    const requirements = await routeRequirements(devnet.facilitator, devnet.network, devnet.payTo);
    expect(devnet.rpcCalls()).toEqual({}); // building requirements reads nothing from the chain
    const payload = await signPayment(devnet, firstPayer(devnet), requirements);
    expect(devnet.rpcCalls()).toEqual({ getAccountInfo: 1, getLatestBlockhash: 1 }); // the mint
    expect((await devnet.facilitator.verify(payload, requirements)).isValid).toBe(true);
    expect((await devnet.facilitator.settle(payload, requirements)).success).toBe(true);

    const calls = devnet.rpcCalls();
    expect(Object.keys(calls).sort()).toEqual([
      "getAccountInfo",
      "getLatestBlockhash",
      "getSignatureStatuses",
      "sendTransaction",
      "simulateTransaction",
    ]);
    // verify simulates once; settle verifies again (a second simulation), then sends once.
    expect(calls).toMatchObject({
      getAccountInfo: 1,
      getLatestBlockhash: 1,
      simulateTransaction: 2,
      sendTransaction: 1,
    });
    expect(calls.getSignatureStatuses).toBeGreaterThanOrEqual(1);
  });

  it("answers an unknown method with JSON-RPC -32601, and counts it", async () => {
    const before = devnet.rpcCalls().getVersion ?? 0;
    expect(await post({ jsonrpc: "2.0", id: 7, method: "getVersion" })).toEqual({
      jsonrpc: "2.0",
      id: 7,
      error: { code: -32601, message: "Method not found: getVersion" },
    });
    expect(devnet.rpcCalls().getVersion).toBe(before + 1);
  });

  it("answers bad params with -32602 naming the place, and an unsupported encoding likewise", async () => {
    expect(
      await post({ jsonrpc: "2.0", id: 1, method: "getAccountInfo", params: [42] }),
    ).toMatchObject({
      id: 1,
      error: { code: -32602, message: expect.stringMatching(/^Invalid params at 0: /) },
    });
    const base58 = await post({
      jsonrpc: "2.0",
      id: 2,
      method: "getAccountInfo",
      params: [devnet.payTo, { encoding: "base58" }],
    });
    expect(base58).toMatchObject({ id: 2, error: { code: -32602 } });
  });

  it("answers a batch in order, and malformed JSON with -32700, never a stack", async () => {
    const batch = await post([
      { jsonrpc: "2.0", id: 1, method: "getSlot" },
      { jsonrpc: "2.0", id: 2, method: "nope" },
    ]);
    expect(batch).toEqual([
      { jsonrpc: "2.0", id: 1, result: expect.any(Number) },
      { jsonrpc: "2.0", id: 2, error: { code: -32601, message: "Method not found: nope" } },
    ]);
    const broken = await post("{not json");
    expect(broken).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32700, message: "Parse error" },
    });
  });
});
