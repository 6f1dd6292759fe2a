import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { connectLinked } from "@svc/test-support/mcp-client";
import { payerOf, v1PayloadFor, v1PaymentHeader } from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import type { PaymentRequired, PaymentRequiredV1, SettleResponse } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpFacilitator } from "../facilitator/http-facilitator.js";
import { PaymentGate } from "../gate/payment-gate.js";
import { baseTerms } from "../schemes/exact-evm/base-terms.js";
import { createPaymentServer } from "../server/payment-server.js";
import { callPaidTool, MCP_PAYMENT_META, MCP_PAYMENT_RESPONSE_META } from "./paid-tool-call.js";

// A real MCP server and client (the SDK's, over its in-memory transport), a paid tool behind the
// x402 v2 MCP adapter, and real settlement on the local chain.
let devnet: Devnet;
let client: Client;
const ran = { paid_echo: 0, paid_fail: 0 };

function mcpServer(facilitatorUrl?: string): Server {
  const payments = createPaymentServer(
    facilitatorUrl === undefined ? devnet.facilitator : httpFacilitator(facilitatorUrl, {}, 2000),
  );
  const gate = (name: string, price: string) =>
    new PaymentGate(
      payments,
      {
        price,
        description: `test tool ${name}`,
        url: `mcp://tool/${name}`,
        mimeType: "application/json",
        discovery: { kind: "mcp", toolName: name, inputSchema: { type: "object" } },
      },
      baseTerms(devnet.payTo),
    );
  const gates = { paid_echo: gate("paid_echo", "0.01"), paid_fail: gate("paid_fail", "0.01") };
  const server = new Server({ name: "test", version: "0.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: ["server_capabilities", "paid_echo", "paid_fail"].map((name) => ({
      name,
      inputSchema: { type: "object" as const },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args, _meta } = request.params;
    if (name === "server_capabilities") return { content: [{ type: "text", text: "free" }] };
    const tool = name as keyof typeof gates;
    return callPaidTool(gates[tool], _meta, async () => {
      ran[tool]++;
      if (tool === "paid_fail")
        return { isError: true, content: [{ type: "text", text: "bad arguments" }] };
      return {
        content: [{ type: "text", text: "echo" }],
        structuredContent: { echoed: args ?? {} },
      };
    }) as never;
  });
  return server;
}

beforeAll(async () => {
  devnet = await startDevnet({ payers: 3 });
  client = await connectLinked(mcpServer());
});
afterAll(async () => {
  await client?.close();
  await devnet?.stop();
});

const paymentRequiredOf = (result: Awaited<ReturnType<Client["callTool"]>>) =>
  result.structuredContent as unknown as PaymentRequired;
const textsOf = (result: Awaited<ReturnType<Client["callTool"]>>) =>
  (result.content as { type: string; text: string }[]).map((c) => c.text);

describe("x402 v2 over MCP", () => {
  it("a free tool answers without payment", async () => {
    const r = await client.callTool({ name: "server_capabilities", arguments: {} });
    expect(r.isError).toBeFalsy();
  });

  it("an unpaid paid-tool call returns isError with the PaymentRequired, first a sentence saying what to do, and the tool does not run", async () => {
    const r = await client.callTool({ name: "paid_echo", arguments: { text: "hi" } });
    expect(r.isError).toBe(true);
    const required = paymentRequiredOf(r);
    expect(required).toMatchObject({
      x402Version: 2,
      resource: { url: "mcp://tool/paid_echo" },
      accepts: [{ scheme: "exact", network: "eip155:8453", amount: "10000", payTo: devnet.payTo }],
    });
    const [line, json] = textsOf(r);
    expect(line).toBe(
      'Payment required: $0.01 USDC per call over x402; pay one of the accepts in structuredContent and call again with params._meta["x402/payment"].',
    );
    expect(JSON.parse(json ?? "")).toEqual(required);
    expect(required.extensions).toMatchObject({ bazaar: { info: { input: { type: "mcp" } } } });
    expect(ran.paid_echo).toBe(0);
  });

  it("a paid call runs, settles on chain, and returns the receipt in _meta", async () => {
    const payee = await devnet.balanceOf(devnet.payTo);
    const required = paymentRequiredOf(await client.callTool({ name: "paid_echo", arguments: {} }));
    const payment = await payerOf(devnet.payers[0]!.privateKey).createPaymentPayload(required);
    const r = await client.callTool({
      name: "paid_echo",
      arguments: { text: "hi" },
      _meta: { [MCP_PAYMENT_META]: payment },
    });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual({ echoed: { text: "hi" } });
    const receipt = r._meta?.[MCP_PAYMENT_RESPONSE_META] as SettleResponse;
    expect(receipt).toMatchObject({
      success: true,
      network: "eip155:8453",
      payer: devnet.payers[0]!.address,
    });
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee + 10_000n);
    expect(ran.paid_echo).toBe(1);

    // The same payment again: refused, the tool does not run, nothing more is charged.
    const replay = await client.callTool({
      name: "paid_echo",
      arguments: {},
      _meta: { [MCP_PAYMENT_META]: payment },
    });
    expect(replay.isError).toBe(true);
    expect(paymentRequiredOf(replay).error).toBe("payment_already_used");
    expect(textsOf(replay)[0]).toMatch(
      /^Payment not accepted \(payment_already_used\): \$0\.01 USDC per call over x402; pay one of the accepts/,
    );
    expect(ran.paid_echo).toBe(1);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee + 10_000n);
  });

  it("a tool that fails is not charged", async () => {
    const payee = await devnet.balanceOf(devnet.payTo);
    const required = paymentRequiredOf(await client.callTool({ name: "paid_fail", arguments: {} }));
    const payment = await payerOf(devnet.payers[1]!.privateKey).createPaymentPayload(required);
    const r = await client.callTool({
      name: "paid_fail",
      arguments: {},
      _meta: { [MCP_PAYMENT_META]: payment },
    });
    expect(r.isError).toBe(true);
    expect(r._meta?.[MCP_PAYMENT_RESPONSE_META]).toBeUndefined();
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee);
  });

  it("a malformed payment is refused with the PaymentRequired", async () => {
    const r = await client.callTool({
      name: "paid_echo",
      arguments: {},
      _meta: { [MCP_PAYMENT_META]: "not a payload" },
    });
    expect(r.isError).toBe(true);
    expect(paymentRequiredOf(r).error).toBe("invalid_payload");
  });

  it("a facilitator that is down gives an error result, and the tool does not run", async () => {
    const down = await connectLinked(mcpServer("http://127.0.0.1:9"));
    const r = await down.callTool({ name: "paid_echo", arguments: {} });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toMatchObject({
      success: false,
      code: "PAYMENT_FACILITATOR_UNAVAILABLE",
    });
    await down.close();
  });
});

describe("x402 v1 over MCP, as x402-mcp speaks it", () => {
  /** The v1 terms of an unpaid call: its last text, what a v1 client (or its model) pays from. */
  const v1TermsOf = (result: Awaited<ReturnType<Client["callTool"]>>) =>
    JSON.parse(textsOf(result)[2] ?? "") as PaymentRequiredV1;

  it("an unpaid call states the terms in v1's words too, beside v2's PaymentRequired", async () => {
    const r = await client.callTool({ name: "paid_echo", arguments: {} });
    expect(r.isError).toBe(true);
    expect(paymentRequiredOf(r).x402Version).toBe(2);
    expect(v1TermsOf(r)).toEqual({
      x402Version: 1,
      error: "Payment required",
      accepts: [
        {
          scheme: "exact",
          network: "base",
          maxAmountRequired: "10000",
          resource: "mcp://tool/paid_echo",
          description: "test tool paid_echo",
          mimeType: "application/json",
          outputSchema: {},
          payTo: devnet.payTo,
          maxTimeoutSeconds: 60,
          asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
          extra: { name: "USD Coin", version: "2" },
        },
      ],
    });
  });

  it('a payment in _meta["x402.payment"] (v1\'s header, base64) runs the tool, settles on chain, and returns the receipt in _meta["x402.payment-response"]', async () => {
    const payee = await devnet.balanceOf(devnet.payTo);
    const ranBefore = ran.paid_echo;
    const terms = v1TermsOf(await client.callTool({ name: "paid_echo", arguments: {} }));
    const payment = v1PaymentHeader(await v1PayloadFor(terms, devnet.payers[2]!.privateKey));
    const r = await client.callTool({
      name: "paid_echo",
      arguments: { text: "v1" },
      _meta: { "x402.payment": payment },
    });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual({ echoed: { text: "v1" } });
    expect(r._meta?.[MCP_PAYMENT_RESPONSE_META]).toBeUndefined();
    expect(r._meta?.["x402.payment-response"]).toMatchObject({
      success: true,
      network: "base",
      payer: devnet.payers[2]!.address,
    });
    expect(await devnet.balanceOf(devnet.payTo)).toBe(payee + 10_000n);
    expect(ran.paid_echo).toBe(ranBefore + 1);

    const replay = await client.callTool({
      name: "paid_echo",
      arguments: {},
      _meta: { "x402.payment": payment },
    });
    expect(replay.isError).toBe(true);
    expect(paymentRequiredOf(replay).error).toBe("payment_already_used");
    expect(ran.paid_echo).toBe(ranBefore + 1);
  });

  it("a v1 payment that is not base64 JSON is refused as malformed", async () => {
    const r = await client.callTool({
      name: "paid_echo",
      arguments: {},
      _meta: { "x402.payment": "%%% not base64 %%%" },
    });
    expect(r.isError).toBe(true);
    expect(paymentRequiredOf(r).error).toBe("invalid_payload");
  });
});
