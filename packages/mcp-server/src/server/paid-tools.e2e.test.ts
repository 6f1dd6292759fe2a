import { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";
import { exposureForecast, queueOptimize } from "@svc/compliance";
import { ListLoader } from "@svc/ofac-index/node";
import {
  baseTerms,
  createPaymentServer,
  MCP_PAYMENT_META,
  MCP_PAYMENT_RESPONSE_META,
} from "@svc/payments";
import { type CallResult, GENERATIONS, type McpTestClient } from "@svc/test-support/mcp-client";
import { payloadFor } from "@svc/test-support/x402-payer";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import type { PaymentRequired } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../test-support/connect.js";
import { pdfText, resourcesOf } from "../test-support/read-documents.js";
import { sampleDeps } from "../test-support/sample-deps.js";
import { TOOLS } from "../tools/catalog.js";
import { priceOf } from "../tools/tool.js";
import { toolGates } from "./tool-gates.js";
import { outputSchemaOf } from "./tool-listing.js";

// The hosted configuration on a real local chain and facilitator: paid tools behind the x402 v2
// MCP adapter, the SDK's Client paying as an agent does.
const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
let devnet: Devnet;

beforeAll(async () => {
  devnet = await startDevnet({ payers: 2 });
});
afterAll(async () => {
  await devnet?.stop();
});

type Result = CallResult;
const requiredOf = (r: Result) => r.structuredContent as unknown as PaymentRequired;
const payee = () => devnet.balanceOf(devnet.payTo);

describe.each(GENERATIONS)("paid tools (hosted), to a client of MCP %s", (generation) => {
  let client: McpTestClient;
  const charged: string[] = [];
  beforeAll(async () => {
    const gateFor = toolGates({
      server: createPaymentServer(devnet.facilitator),
      terms: [baseTerms(devnet.payTo)],
    });
    client = await connect(
      { deps: await sampleDeps(), gateFor, onCharged: (tool) => charged.push(tool) },
      generation,
    );
  });
  afterAll(async () => {
    await client?.close();
  });

  it("server_capabilities is free and says which tools need payment", async () => {
    const r = await client.callTool({ name: "server_capabilities", arguments: {} });
    expect(r.isError).toBeFalsy();
    const data = (r.structuredContent as { data: Record<string, unknown> }).data;
    expect(data.payment).toMatchObject({
      required: true,
      notRequiredFor: ["server_capabilities", "list_status"],
      network: "eip155:8453",
      networkLabel: "USDC on Base",
      v1Network: "base",
      asset: "USDC",
    });
    expect((data.payment as { requiredFor: string[] }).requiredFor).toHaveLength(10);
  });

  it("exposure_forecast and queue_optimize ask for their routes' prices, run when paid and settle exactly that; every result validates against the tool's outputSchema", async () => {
    const validate = (name: string, structured: unknown) =>
      new AjvJsonSchemaValidator().getValidator(
        outputSchemaOf(TOOLS.find((t) => t.name === name)!),
      )(structured).valid;
    const deps = await sampleDeps();
    const workflows = [
      {
        name: exposureForecast.name,
        args: exposureForecast.inputExample,
        amount: 90_000n,
        route: () => exposureForecast.run(exposureForecast.inputExample, deps),
      },
      {
        name: queueOptimize.name,
        args: queueOptimize.inputExample,
        amount: 150_000n,
        route: () => queueOptimize.run(queueOptimize.inputExample, deps),
      },
    ];
    for (const { name, args, amount, route } of workflows) {
      const before = await payee();
      const unpaid = await client.callTool({ name, arguments: args });
      expect(unpaid.isError).toBe(true);
      expect(validate(name, unpaid.structuredContent)).toBe(true);
      const required = requiredOf(unpaid);
      expect(required).toMatchObject({
        resource: { url: `mcp://tool/${name}` },
        accepts: [{ amount: String(amount), payTo: devnet.payTo }],
      });
      const paid = await client.callTool({
        name,
        arguments: args,
        _meta: { [MCP_PAYMENT_META]: await payloadFor(required, devnet.payers[0]!.privateKey) },
      });
      expect(paid.isError).toBeFalsy();
      expect(validate(name, paid.structuredContent)).toBe(true);
      expect(paid.structuredContent).toEqual(JSON.parse(JSON.stringify(await route())));
      expect(paid._meta?.[MCP_PAYMENT_RESPONSE_META]).toMatchObject({ success: true });
      expect(await payee()).toBe(before + amount);
    }
    expect(charged.splice(0)).toEqual(["exposure_forecast", "queue_optimize"]);
  });

  it("ofac_wallet_report as a PDF asks for 0.09 USDC, runs when paid, settles exactly that, and returns the receipt and the file", async () => {
    const args = { address: LAZARUS, output_format: "pdf" };
    const before = await payee();
    const unpaid = await client.callTool({ name: "ofac_wallet_report", arguments: args });
    expect(unpaid.isError).toBe(true);
    const required = requiredOf(unpaid);
    expect(required).toMatchObject({
      x402Version: 2,
      resource: { url: "mcp://tool/ofac_wallet_report" },
      accepts: [{ scheme: "exact", network: "eip155:8453", amount: "90000", payTo: devnet.payTo }],
    });
    expect(resourcesOf(unpaid)).toEqual([]);

    const paid = await client.callTool({
      name: "ofac_wallet_report",
      arguments: args,
      _meta: { [MCP_PAYMENT_META]: await payloadFor(required, devnet.payers[0]!.privateKey) },
    });
    expect(paid.isError).toBeFalsy();
    expect(paid._meta?.[MCP_PAYMENT_RESPONSE_META]).toMatchObject({
      success: true,
      payer: devnet.payers[0]!.address,
    });
    expect(pdfText(resourcesOf(paid)[0]?.blob ?? "")).toContain("Lazarus Group");
    expect(await payee()).toBe(before + 90_000n);
    expect(charged).toEqual(["ofac_wallet_report"]);
  });

  it("an unpaid call of each paid tool says first, in one sentence, its price and what to do; then the PaymentRequired as JSON, v1's terms last", async () => {
    const paid = TOOLS.filter((t) => t.pricing.kind === "paid");
    expect(paid.length).toBeGreaterThan(0);
    for (const tool of paid) {
      const args = tool.inputExample as Record<string, unknown>;
      const r = await client.callTool({ name: tool.name, arguments: args });
      expect(r.isError, tool.name).toBe(true);
      const texts = (r.content as { type: string; text: string }[]).map((c) => c.text);
      expect(texts[0], tool.name).toBe(
        `Payment required: $${priceOf(tool, args)} USDC per call over x402; pay one of the accepts in structuredContent and call again with params._meta["x402/payment"], or use svc-mcp --remote, which pays for clients without an x402 wallet.`,
      );
      expect(JSON.parse(texts[1] ?? ""), tool.name).toEqual(r.structuredContent);
      expect(JSON.parse(texts[2] ?? ""), tool.name).toMatchObject({ x402Version: 1 });
      expect(texts, tool.name).toHaveLength(3);
    }
  });

  it("unpaid amplification: an unpaid call is asked for payment before its arguments are read, whatever they hold", async () => {
    const r = await client.callTool({
      name: "batch_wallet_screen",
      arguments: { addresses: Array.from({ length: 50_000 }, () => 1) },
    });
    expect(r.isError).toBe(true);
    expect(requiredOf(r)).toMatchObject({ x402Version: 2, error: "Payment required" });
    expect(JSON.stringify(r).length).toBeLessThan(16 * 1024);
  });

  it("refused arguments of a paid call are answered INVALID_ADDRESS, not charged, and the authorization stays usable", async () => {
    const before = await payee();
    const required = requiredOf(
      await client.callTool({ name: "ofac_wallet_screen", arguments: { address: "short" } }),
    );
    const payment = await payloadFor(required, devnet.payers[1]!.privateKey);
    const r = await client.callTool({
      name: "ofac_wallet_screen",
      arguments: { address: "short" },
      _meta: { [MCP_PAYMENT_META]: payment },
    });
    expect(r.structuredContent).toMatchObject({
      code: "INVALID_ADDRESS",
      issues: [{ path: "address" }],
    });
    expect(await payee()).toBe(before);
    const good = await client.callTool({
      name: "ofac_wallet_screen",
      arguments: { address: LAZARUS },
      _meta: { [MCP_PAYMENT_META]: payment },
    });
    expect(good.isError).toBeFalsy();
    expect(await payee()).toBe(before + 10_000n);
  });

  it("a tool priced by format reads only the format before payment: a bad one is refused free", async () => {
    const r = await client.callTool({
      name: "ofac_wallet_report",
      arguments: { address: LAZARUS, output_format: "xlsx" },
    });
    expect(r.structuredContent).toMatchObject({
      code: "INVALID_INPUT",
      issues: [{ path: "output_format" }],
    });
  });

  it("a payment for the JSON report does not buy the PDF", async () => {
    const before = await payee();
    const jsonRequired = requiredOf(
      await client.callTool({
        name: "ofac_wallet_report",
        arguments: { address: LAZARUS, output_format: "json" },
      }),
    );
    expect(jsonRequired.accepts[0]?.amount).toBe("40000");
    const r = await client.callTool({
      name: "ofac_wallet_report",
      arguments: { address: LAZARUS, output_format: "pdf" },
      _meta: { [MCP_PAYMENT_META]: await payloadFor(jsonRequired, devnet.payers[1]!.privateKey) },
    });
    expect(r.isError).toBe(true);
    expect(requiredOf(r).accepts[0]?.amount).toBe("90000");
    expect(resourcesOf(r)).toEqual([]);
    expect(await payee()).toBe(before);
    expect(charged.filter((t) => t === "ofac_wallet_report")).toHaveLength(1);
  });

  it("a paid call the service cannot answer (no list loaded) is not charged", async () => {
    const gateFor = toolGates({
      server: createPaymentServer(devnet.facilitator),
      terms: [baseTerms(devnet.payTo)],
    });
    const deps = { ...(await sampleDeps()), list: new ListLoader({ sampleFallback: false }) };
    const c = await connect({ deps, gateFor }, generation);
    const before = await payee();
    const args = { address: LAZARUS };
    const required = requiredOf(await c.callTool({ name: "ofac_wallet_screen", arguments: args }));
    const r = await c.callTool({
      name: "ofac_wallet_screen",
      arguments: args,
      _meta: { [MCP_PAYMENT_META]: await payloadFor(required, devnet.payers[1]!.privateKey) },
    });
    expect(r.structuredContent).toMatchObject({ code: "LIST_UNAVAILABLE" });
    expect(r._meta?.[MCP_PAYMENT_RESPONSE_META]).toBeUndefined();
    expect(await payee()).toBe(before);
    await c.close();
  });
});
