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

  it("refuses, with -32002 and the reason, a transaction missing a signature or past its blockhash; -32602 for bytes that are no transaction or no base64 encoding asked for", async () => {
    const requirements = await routeRequirements(devnet.facilitator, devnet.network, devnet.payTo);
    // The payer's half-signed transaction: the fee payer's signature is missing.
    const wire = (await signPayment(devnet, firstPayer(devnet), requirements)).payload
      .transaction as string;
    const send = (params: unknown[]) =>
      post({ jsonrpc: "2.0", id: 3, method: "sendTransaction", params });

    expect(await send([wire, { encoding: "base64", skipPreflight: true }])).toMatchObject({
      error: {
        code: -32002,
        message: expect.stringMatching(/missing signatures/),
        data: { err: "SignatureFailure" },
      },
    });
    devnet.expireBlockhash();
    expect(await send([wire, { encoding: "base64" }])).toMatchObject({
      error: { code: -32002, data: { err: "BlockhashNotFound" } },
    });
    expect(await send(["AAAA", { encoding: "base64" }])).toMatchObject({
      error: { code: -32602, message: expect.stringMatching(/failed to decode the transaction/) },
    });
    // A node's default encoding is base58: a caller that does not ask for base64 is told so.
    expect(await send([wire])).toMatchObject({
      error: { code: -32602, message: 'Invalid params at 1: only encoding "base64" is served' },
    });
  });

  it("answers a batch in order, an empty batch with -32600 and malformed JSON with -32700, never a stack", async () => {
    const batch = await post([
      { jsonrpc: "2.0", id: 1, method: "getSlot" },
      { jsonrpc: "2.0", id: 2, method: "nope" },
    ]);
    expect(batch).toEqual([
      { jsonrpc: "2.0", id: 1, result: expect.any(Number) },
      { jsonrpc: "2.0", id: 2, error: { code: -32601, message: "Method not found: nope" } },
    ]);
    expect(await post([])).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: "Invalid request: empty batch" },
    });
    const broken = await post("{not json");
    expect(broken).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32700, message: "Parse error" },
    });
  });
});
