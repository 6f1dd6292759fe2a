import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { MCP_PAYMENT_META, MCP_PAYMENT_RESPONSE_META, type X402Version } from "@svc/payments";
import { type Served, serveOnLoopback } from "@svc/test-support/loopback";
import { connectHttp } from "@svc/test-support/mcp-client";
import { payerOf, v1PayloadFor, v1PaymentHeader } from "@svc/test-support/x402-payer";
import { type Devnet, devnetChain, startDevnet, USDC_ADDRESS } from "@svc/x402-devnet";
import type { PaymentRequired, PaymentRequiredV1 } from "@x402/core/types";
import { Hono } from "hono";
import { createWalletClient, type Hex, http, parseAbi, parseGwei } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryLog } from "../log/test-support/memory-log.js";
import { payBeforeAnswers } from "../test-support/paying-client.js";
import { startServiceSettlingAfterAnswer } from "../test-support/service-on-devnet.js";
import type { RunningService } from "./start-service.js";

/**
 * Settlement after the answer is HTTP's; MCP follows its transport, whose x402 binding returns a
 * paid tool's content only once it is settled. With `X402_SETTLEMENT=after-response`, on the
 * service as it runs (its devnet's HTTP facilitator, behind a loopback proxy that writes down
 * what settlement is asked for):
 *
 * - a v1 payment over HTTP is answered first (`X-Payment-Status: pending`) and settled later
 *   from its ledger record, which the settler hands the facilitator in v1's words;
 * - a paid MCP tool call (v2's `_meta["x402/payment"]`, v1's `_meta["x402.payment"]`), from a
 *   payer HTTP answers first, is answered only once its settlement transaction is mined, with a
 *   receipt naming it, never `status: pending`;
 * - a settlement refused on chain (the payer's USDC moved away after verification, before the
 *   settlement was mined) gives the PaymentRequired with `isError` and none of the tool's
 *   content, and charges nothing.
 */
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const SCREEN = `/api/ofac-wallet-screen/${LISTED}`;
const PRICE = 10_000n;
const TOKEN = parseAbi([
  "function transfer(address to, uint256 value) returns (bool)",
  "function mint(address to, uint256 amount) returns (bool)",
]);

let devnet: Devnet;
let facilitator: Served;
let service: RunningService;
let client: Client;
/** The bodies of every `/settle` the service sent the facilitator. */
const settlements: Record<string, unknown>[] = [];

beforeAll(async () => {
  devnet = await startDevnet({ payers: 3, httpFacilitator: true });
  const upstream = devnet.facilitatorUrl as string;
  facilitator = await serveOnLoopback(
    new Hono().all("*", async (c) => {
      const body = c.req.method === "GET" ? undefined : await c.req.text();
      if (c.req.path === "/settle" && body !== undefined) settlements.push(JSON.parse(body));
      const answer = await fetch(`${upstream}${c.req.path}`, {
        method: c.req.method,
        headers: { "content-type": "application/json" },
        ...(body === undefined ? {} : { body }),
      });
      return c.newResponse(await answer.arrayBuffer(), answer.status as 200, {
        "content-type": answer.headers.get("content-type") ?? "application/json",
      });
    }),
  );
  service = await startServiceSettlingAfterAnswer(devnet, memoryLog([]), {
    FACILITATOR_URL: facilitator.origin,
  });
  client = await connectHttp(`${service.url}/mcp`);
  // Payers HTTP answers first: each paid before.
  for (const payer of devnet.payers) await payBeforeAnswers(service.url, payer.privateKey);
}, 90_000);
afterAll(async () => {
  await client?.close();
  await service?.stop();
  await facilitator?.close();
  await devnet?.stop();
});

const rpc = async (method: string, params: unknown[] = []): Promise<unknown> => {
  const res = await fetch(devnet.rpcUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
};
const pendingTransactions = async (): Promise<number> =>
  Number.parseInt(((await rpc("txpool_status")) as { pending: string }).pending, 16);
const until = async (what: string, check: () => Promise<boolean>, withinMs = 30_000) => {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
const walletOf = (key: Hex) =>
  createWalletClient({
    account: privateKeyToAccount(key),
    chain: devnetChain(devnet.rpcUrl),
    transport: http(devnet.rpcUrl),
  });
/** Whether `promise` is still unsettled after `ms`. */
const stillWaiting = (promise: Promise<unknown>, ms = 300) =>
  Promise.race([
    promise.then(
      () => false,
      () => false,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), ms)),
  ]);

/** A paid tool call's `_meta`, signed from its unpaid result. */
type SignMeta = (unpaid: ToolResult, key: Hex) => Promise<Record<string, unknown>>;

/** What a tool call answers, as far as signing a payment reads it. */
interface ToolResult {
  readonly structuredContent?: unknown;
  readonly content?: unknown;
}

/** How a paid tool call is made in each x402 version the service takes, and its receipt's key. */
const BY_VERSION: Record<
  X402Version,
  { readonly receiptKey: string; readonly network: string; readonly meta: SignMeta }
> = {
  2: {
    receiptKey: MCP_PAYMENT_RESPONSE_META,
    network: "eip155:8453",
    meta: async (unpaid, key) => ({
      [MCP_PAYMENT_META]: await payerOf(key).createPaymentPayload(
        unpaid.structuredContent as PaymentRequired,
      ),
    }),
  },
  1: {
    receiptKey: "x402.payment-response",
    network: "base",
    meta: async (unpaid, key) => {
      // After the sentence saying what to do and v2's PaymentRequired: v1's terms, last.
      const text = (unpaid.content as { text: string }[])[2]?.text ?? "";
      return {
        "x402.payment": v1PaymentHeader(
          await v1PayloadFor(JSON.parse(text) as PaymentRequiredV1, key),
        ),
      };
    },
  },
};
const VERSIONS = ([1, 2] as const).map((version) => ({ version, ...BY_VERSION[version] }));

/** A paid call of the screening tool: its unpaid result, then the call with `meta` signed from it. */
async function paidScreening(sign: SignMeta, key: Hex) {
  const args = { address: LISTED };
  const unpaid = await client.callTool({ name: "ofac_wallet_screen", arguments: args });
  const _meta = await sign(unpaid as ToolResult, key);
  return { call: () => client.callTool({ name: "ofac_wallet_screen", arguments: args, _meta }) };
}

describe("HTTP: a v1 payment answered first", () => {
  it("is answered pending, and settled later from its ledger record, handed the facilitator in v1's words", async () => {
    const payer = devnet.payers[0]!;
    const before = await devnet.balanceOf(devnet.payTo);
    const terms = (await (await fetch(`${service.url}${SCREEN}`)).json()) as PaymentRequiredV1;
    const payment = await v1PayloadFor(terms, payer.privateKey);
    const paid = await fetch(`${service.url}${SCREEN}`, {
      headers: { "X-PAYMENT": v1PaymentHeader(payment) },
    });
    expect(paid.status).toBe(200);
    expect(paid.headers.get("X-Payment-Status")).toBe("pending");
    expect(paid.headers.get("X-PAYMENT-RESPONSE")).toBeNull();
    const paymentId = paid.headers.get("X-Payment-Id") ?? "";

    await service.deferred?.idle();
    const record = await service.ledger.deferred.byPaymentId(paymentId);
    expect(record).toMatchObject({ status: "settled", deferred: true, amount: "10000" });
    const nonce = (payment.payload as { authorization: { nonce: string } }).authorization.nonce;
    const asked = settlements.filter(
      (s) => JSON.stringify(s.paymentPayload).includes(nonce) as boolean,
    );
    expect(asked).toEqual([
      {
        x402Version: 1,
        paymentPayload: payment,
        paymentRequirements: expect.objectContaining({
          network: "base",
          maxAmountRequired: "10000",
          resource: expect.stringContaining(SCREEN),
        }),
      },
    ]);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(before + PRICE);
  });
});

describe.each(VERSIONS)(
  "MCP ($version): content only once settled",
  ({ version, receiptKey, network, meta }) => {
    it("a paid tool call from a payer HTTP answers first returns only once its settlement is mined, with a receipt naming it, never pending", async () => {
      const payer = devnet.payers[0]!;
      const before = await devnet.balanceOf(devnet.payTo);
      const { call } = await paidScreening(meta, payer.privateKey);
      await rpc("evm_setAutomine", [false]);
      try {
        const answer = call();
        await until("the settlement is sent", async () => (await pendingTransactions()) >= 1);
        expect(await stillWaiting(answer)).toBe(true);
        const block = await devnet.publicClient.getBlockNumber();
        await rpc("evm_mine");
        const result = await answer;
        expect(result.isError ?? false).toBe(false);
        const receipt = result._meta?.[receiptKey] as Record<string, unknown>;
        expect(receipt).toMatchObject({ success: true, network });
        expect(receipt).not.toHaveProperty("status");
        const mined = await devnet.publicClient.getBlock({ blockNumber: block + 1n });
        expect(mined.transactions).toEqual([receipt.transaction]);
      } finally {
        await rpc("evm_setAutomine", [true]);
      }
      expect(await devnet.balanceOf(devnet.payTo)).toBe(before + PRICE);
    });

    it("a settlement refused on chain (the USDC moved away after verification) gives the PaymentRequired with isError and none of the tool's content; nothing charged, and the same payment pays once funded again", async () => {
      // A payer of its own per version (1 and 2): it is drained.
      const payer = devnet.payers[version]!;
      const before = await devnet.balanceOf(devnet.payTo);
      const { call } = await paidScreening(meta, payer.privateKey);
      await rpc("evm_setAutomine", [false]);
      let result: Awaited<ReturnType<typeof call>>;
      try {
        const answer = call();
        await until("the settlement is sent", async () => (await pendingTransactions()) >= 1);
        // Everything moved away, with a fee that puts it before the settlement in the block.
        await walletOf(payer.privateKey).writeContract({
          address: USDC_ADDRESS,
          abi: TOKEN,
          functionName: "transfer",
          args: [devnet.deployer.address, await devnet.balanceOf(payer.address)],
          gas: 100_000n,
          maxPriorityFeePerGas: parseGwei("50"),
          maxFeePerGas: parseGwei("100"),
        });
        await rpc("evm_mine");
        result = await answer;
      } finally {
        await rpc("evm_setAutomine", [true]);
      }
      expect(result.isError).toBe(true);
      expect(result._meta?.[receiptKey]).toBeUndefined();
      const refusal = result.structuredContent as unknown as PaymentRequired;
      expect(refusal.accepts).toHaveLength(1);
      expect(typeof refusal.error).toBe("string");
      expect(refusal.error).not.toBe("Payment required");
      // Nothing of the screening: a sentence saying what happened, then PaymentRequireds.
      const [line, ...required] = (result.content as { text: string }[]).map((c) => c.text);
      expect(line).toMatch(/^Payment not settled \(.+\), so no answer: \$0\.01 USDC per call/);
      expect(line).not.toContain("Lazarus");
      for (const text of required) {
        expect(JSON.parse(text)).toHaveProperty("accepts");
        expect(text).not.toContain("Lazarus");
      }
      expect(await devnet.balanceOf(devnet.payTo)).toBe(before);

      // Funded again: the authorization was released, and pays for the call once.
      const hash = await walletOf(devnet.deployer.privateKey).writeContract({
        address: USDC_ADDRESS,
        abi: TOKEN,
        functionName: "mint",
        args: [payer.address, 10n * PRICE],
      });
      await devnet.publicClient.waitForTransactionReceipt({ hash });
      const retried = await call();
      expect(retried.isError ?? false).toBe(false);
      expect(retried._meta?.[receiptKey]).toMatchObject({ success: true });
      expect(await devnet.balanceOf(devnet.payTo)).toBe(before + PRICE);
    });
  },
);
