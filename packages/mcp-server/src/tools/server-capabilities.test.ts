import type { ComplianceDeps } from "@svc/compliance";
import {
  BASE_USDC,
  baseTerms,
  createPaymentServer,
  httpFacilitator,
  SOLANA_NETWORK,
  SOLANA_USDC,
  termsOn,
} from "@svc/payments";
import { beforeAll, describe, expect, it } from "vitest";
import { ANY_CALLER } from "../http/caller-policy.js";
import { createMcpHttpHost } from "../http/mcp-http-host.js";
import type { PaidOn } from "../server/paid-on.js";
import { toolGates } from "../server/tool-gates.js";
import { connect } from "../test-support/connect.js";
import { sampleDeps } from "../test-support/sample-deps.js";

const PAYEE = "0x1111111111111111111111111111111111111111";
const SOLANA_PAYEE = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";

let deps: ComplianceDeps;
beforeAll(async () => {
  deps = await sampleDeps();
});

/**
 * The payment server of a hosted tool server. Its facilitator is never reached: nothing here is
 * paid (server_capabilities is free), and the gates are built only when a paid tool is called.
 */
const payments = () => ({
  server: createPaymentServer(httpFacilitator("http://127.0.0.1:9/never-called")),
  terms: [baseTerms(PAYEE)],
});

type Payment = {
  network: string;
  networkLabel: string;
  v1Network: string;
  networks: Record<string, unknown>[];
  how: string;
};

/** What server_capabilities says of payment on a hosted server paid on `paidOn`. */
async function paymentOn(paidOn: PaidOn | undefined): Promise<Payment> {
  const client = await connect({ deps, gateFor: toolGates(payments()), paidOn });
  try {
    const r = await client.callTool({ name: "server_capabilities", arguments: {} });
    expect(r.isError).toBeFalsy();
    return (r.structuredContent as { data: { payment: Payment } }).data.payment;
  } finally {
    await client.close();
  }
}

describe("server_capabilities names every network the tools are paid on", () => {
  it("on Base alone: the network, its label and v1 name as before, and a list of that one with its asset and payee", async () => {
    const payment = await paymentOn([baseTerms(PAYEE)]);
    expect(payment).toMatchObject({
      network: "eip155:8453",
      networkLabel: "USDC on Base",
      v1Network: "base",
      networks: [
        {
          network: "eip155:8453",
          networkLabel: "USDC on Base",
          v1Network: "base",
          asset: BASE_USDC,
          payTo: PAYEE,
        },
      ],
    });
    expect(payment.how).not.toMatch(/solana|TransferChecked|feePayer/i);
  });

  it("on Base and Solana: Base stays the default, both are listed with asset and payee, and how says what a Solana payment is", async () => {
    const payment = await paymentOn([baseTerms(PAYEE), termsOn(SOLANA_NETWORK, SOLANA_PAYEE)]);
    expect(payment).toMatchObject({ network: "eip155:8453", v1Network: "base" });
    expect(payment.networks).toEqual([
      {
        network: "eip155:8453",
        networkLabel: "USDC on Base",
        v1Network: "base",
        asset: BASE_USDC,
        payTo: PAYEE,
      },
      {
        network: SOLANA_NETWORK,
        networkLabel: "USDC on Solana",
        v1Network: "solana",
        asset: SOLANA_USDC,
        payTo: SOLANA_PAYEE,
      },
    ]);
    expect(payment.how).toContain("in USDC on Solana, a USDC TransferChecked transaction");
    expect(payment.how).toContain("extra.feePayer");
    expect(payment.how).toContain("in USDC on Base, an EIP-3009 authorization");
  });

  it("without terms, Base (the terms' default), with no asset or payee to name", async () => {
    const payment = await paymentOn(undefined);
    expect(payment.networks).toEqual([
      { network: "eip155:8453", networkLabel: "USDC on Base", v1Network: "base" },
    ]);
  });

  it("the MCP HTTP host names the terms of its payments", async () => {
    const host = createMcpHttpHost({
      deps,
      payments: payments(),
      maxBodyBytes: 1024 * 1024,
      callers: ANY_CALLER,
    });
    const res = await host(
      new Request("http://127.0.0.1:8765/mcp", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2025-06-18",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "server_capabilities", arguments: {} },
        }),
      }),
    );
    const body = (await res.json()) as {
      result: { structuredContent: { data: { payment: Payment } } };
    };
    expect(body.result.structuredContent.data.payment.networks).toEqual([
      {
        network: "eip155:8453",
        networkLabel: "USDC on Base",
        v1Network: "base",
        asset: BASE_USDC,
        payTo: PAYEE,
      },
    ]);
  });
});
