import { connectHttp } from "@svc/test-support/mcp-client";
import { payingNetworkFetch } from "@svc/test-support/x402-payer";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServiceConfig } from "../config/service-config.js";
import { DEVNET_INFO_PATH } from "../dev/devnet-info.js";
import { memoryLog } from "../log/test-support/memory-log.js";
import { ledgerDir } from "../test-support/ledger-dir.js";
import { type RunningService, startService } from "./start-service.js";

/**
 * A rehearsal of Base Sepolia on this machine: the service in development with
 * `X402_NETWORK=eip155:84532` and no facilitator configured, so it starts its devnet on Base
 * Sepolia's chain id with Circle's Sepolia USDC, asks for that token in its 402, and is paid by
 * x402's own client (@x402/fetch) paying on eip155:84532.
 */
const SEPOLIA_USDC = "0x036CbD53842c5426634e7929541eC2318f3dCF7e";
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96"; // Lazarus Group (ETH), in the sample

let service: RunningService;
beforeAll(async () => {
  service = await startService(
    loadServiceConfig({
      PORT: "0",
      LOG_REQUESTS: "0",
      LEDGER_DIR: ledgerDir(),
      X402_NETWORK: "eip155:84532",
    }),
    { log: memoryLog([]) },
  );
  const ready = Date.now() + 30_000;
  while ((await fetch(`${service.url}/ready`)).status !== 200 && Date.now() < ready) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
afterAll(async () => {
  await service?.stop();
});

describe("the service in development with X402_NETWORK=eip155:84532", () => {
  it("starts its devnet on Base Sepolia: chain id 84532, Sepolia USDC, and says so at /dev/devnet.json", async () => {
    expect(service.devnet).toMatchObject({ chainId: 84532, network: "eip155:84532" });
    expect(await service.devnet!.publicClient.getChainId()).toBe(84532);
    const info = await (await fetch(`${service.url}${DEVNET_INFO_PATH}`)).json();
    expect(info).toMatchObject({
      chainId: 84532,
      network: "eip155:84532",
      networkName: "Base Sepolia",
      v1Network: "base-sepolia",
      usdc: SEPOLIA_USDC,
      token: { symbol: "USDC", address: SEPOLIA_USDC, name: "USDC", version: "2", decimals: 6 },
    });
  });

  it("answers an unpaid screening with a 402 naming eip155:84532 and Sepolia USDC, domain USDC/2", async () => {
    const unpaid = await fetch(`${service.url}/api/ofac-wallet-screen/${LISTED}`);
    expect(unpaid.status).toBe(402);
    const required = decodePaymentRequiredHeader(unpaid.headers.get("PAYMENT-REQUIRED") ?? "");
    expect(required.accepts.length).toBeGreaterThan(0);
    for (const accepts of required.accepts) {
      expect(accepts).toMatchObject({
        scheme: "exact",
        network: "eip155:84532",
        asset: SEPOLIA_USDC,
        payTo: service.devnet!.payTo,
        extra: { name: "USDC", version: "2" },
      });
    }
    expect(JSON.stringify(required)).not.toContain('eip155:8453"');
  });

  it("tells clients the network it serves: the catalog, OpenAPI, the inventory, the MCP docs and server card", async () => {
    for (const path of [
      "/api",
      "/openapi.json",
      "/.well-known/x402-aurelian.json",
      "/mcp/docs?format=json",
      "/.well-known/mcp/server-card.json",
    ]) {
      const text = await (await fetch(`${service.url}${path}`)).text();
      expect(text, path).toContain("eip155:84532");
      expect(text, path).not.toMatch(/eip155:8453(?!\d)/);
      expect(text, path).not.toMatch(/on Base(?! Sepolia)/);
    }
    const card = (await (
      await fetch(`${service.url}/.well-known/mcp/server-card.json`)
    ).json()) as {
      security: Record<string, unknown>;
    };
    expect(card.security).toMatchObject({
      paymentNetwork: "base-sepolia",
      paymentNetworkId: "eip155:84532",
    });
  });

  it("says so over MCP too: server_capabilities names eip155:84532 (base-sepolia in v1), and an unpaid tool's terms are on it in both versions", async () => {
    const client = await connectHttp(`${service.url}/mcp`);
    try {
      const caps = await client.callTool({ name: "server_capabilities", arguments: {} });
      const payment = (caps.structuredContent as { data: { payment: Record<string, unknown> } })
        .data.payment;
      expect(payment).toMatchObject({
        network: "eip155:84532",
        networkLabel: "USDC on Base Sepolia, a testnet",
        v1Network: "base-sepolia",
      });
      const unpaid = await client.callTool({
        name: "ofac_wallet_screen",
        arguments: { address: LISTED },
      });
      // After the sentence saying what to do: v2's PaymentRequired, then v1's terms.
      const [, v2, v1] = (unpaid.content as { text: string }[]).map((c, i) =>
        i === 0 ? c.text : JSON.parse(c.text),
      );
      expect(v2.accepts[0]).toMatchObject({ network: "eip155:84532", asset: SEPOLIA_USDC });
      expect(v1.accepts[0]).toMatchObject({ network: "base-sepolia", asset: SEPOLIA_USDC });
    } finally {
      await client.close();
    }
  });

  it("is paid by @x402/fetch on eip155:84532: 200, and the payee gains exactly the price on the devnet", async () => {
    const devnet = service.devnet!;
    const unpaid = await fetch(`${service.url}/api/ofac-wallet-screen/${LISTED}`);
    const [accepts] = decodePaymentRequiredHeader(
      unpaid.headers.get("PAYMENT-REQUIRED") ?? "",
    ).accepts;
    const price = BigInt(accepts!.amount);
    expect(price).toBeGreaterThan(0n);
    const payer = devnet.payers[0]!;
    const before = {
      payer: await devnet.balanceOf(payer.address),
      payee: await devnet.balanceOf(devnet.payTo as Address),
    };

    const paid = await payingNetworkFetch(
      payer.privateKey,
      "eip155:84532",
    )(`${service.url}/api/ofac-wallet-screen/${LISTED}`);
    expect(paid.status).toBe(200);
    const receipt = decodePaymentResponseHeader(paid.headers.get("PAYMENT-RESPONSE") ?? "");
    expect(receipt).toMatchObject({ success: true, network: "eip155:84532", payer: payer.address });
    const body = (await paid.json()) as { data?: { matches?: unknown[] } };
    expect(body.data?.matches?.length).toBeGreaterThan(0);

    expect(await devnet.balanceOf(devnet.payTo)).toBe(before.payee + price);
    expect(await devnet.balanceOf(payer.address)).toBe(before.payer - price);
  });
});
