import { BASE_USDC, baseTerms, SOLANA_NETWORK, SOLANA_USDC, termsOn } from "@svc/payments";
import { describe, expect, it } from "vitest";
import { describeEndpoint, serverCardOf } from "./server-card.js";

const card = serverCardOf({ baseUrl: "https://screen.example.com" });
const PAYEE = "0x1111111111111111111111111111111111111111";
const SOLANA_PAYEE = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";

describe("server card", () => {
  it("has the server card's members: identity, transport, tools, prompts, payment", () => {
    expect(card).toMatchObject({
      serverInfo: {
        name: "ofac-wallet-screening",
        version: "0.1.2",
        icons: [
          {
            src: "https://screen.example.com/mcp/icon.svg",
            mimeType: "image/svg+xml",
            sizes: ["any"],
          },
          {
            src: "https://screen.example.com/mcp/icon.png",
            mimeType: "image/png",
            sizes: ["128x128"],
          },
        ],
      },
      transport: { type: "streamable-http", url: "https://screen.example.com/mcp" },
      authentication: { required: false, schemes: [] },
      security: {
        userAuthenticationRequired: false,
        paymentRequired: true,
        paymentProtocol: "x402",
        paymentAsset: "USDC",
        paymentNetwork: "base",
        paymentNetworkId: "eip155:8453",
        paymentNetworkLabel: "USDC on Base",
        paymentNetworks: [{ name: "base", id: "eip155:8453", label: "USDC on Base" }],
      },
      capabilities: { tools: true, resources: false, prompts: true },
    });
    expect(card.prompts).toHaveLength(6);
    expect(card.tools).toHaveLength(12);
    for (const tool of card.tools) {
      expect(Object.keys(tool)).toEqual(
        expect.arrayContaining(["name", "title", "description", "inputSchema", "annotations"]),
      );
    }
  });

  it("describes the optional client configuration as JSON Schema", () => {
    expect(card.configSchema).toMatchObject({
      type: "object",
      additionalProperties: false,
      properties: {
        public_base_url: { type: "string", format: "uri" },
        hosted_gateway_url: { type: "string", format: "uri" },
        preferred_transport: {
          enum: ["direct_origin", "hosted_gateway"],
          default: "direct_origin",
        },
        network: { enum: ["base"], default: "base" },
      },
    });
  });

  it("lists each tool's prices; server_capabilities is free", () => {
    const prices = Object.fromEntries(card.tools.map((t) => [t.name, t.priceUsd]));
    expect(prices.server_capabilities).toBeNull();
    expect(prices.ofac_wallet_report).toEqual({ default: "0.04", pdf: "0.09", docx: "0.10" });
    expect(prices.edd_report).toEqual({ default: "0.25" });
  });
});

describe("the server card on the network served", () => {
  it("with Base Sepolia terms, names base-sepolia / eip155:84532 and never Base mainnet", () => {
    const sepolia = serverCardOf({
      baseUrl: "https://screen.example.com",
      paidOn: [termsOn("eip155:84532", PAYEE)],
    });
    expect(sepolia.security).toMatchObject({
      paymentNetwork: "base-sepolia",
      paymentNetworkId: "eip155:84532",
      paymentNetworkLabel: "USDC on Base Sepolia, a testnet",
    });
    expect(sepolia.configSchema).toMatchObject({
      properties: { network: { enum: ["base-sepolia"], default: "base-sepolia" } },
    });
    const text = JSON.stringify(sepolia);
    expect(text).toContain("eip155:84532");
    expect(text).not.toMatch(/eip155:8453(?!\d)/);
    expect(text).not.toMatch(/"base"/);
    // The default card is unchanged by having served another network first.
    expect(JSON.stringify(serverCardOf({ baseUrl: "https://screen.example.com" }))).toBe(
      JSON.stringify(card),
    );
    expect(
      describeEndpoint({ baseUrl: "http://x", paidOn: [termsOn("eip155:84532", PAYEE)] }).payment,
    ).toMatchObject({ paymentNetwork: "base-sepolia", paymentNetworkId: "eip155:84532" });
  });
});

describe("the server card of a service paid on Base and Solana", () => {
  const both = serverCardOf({
    baseUrl: "https://screen.example.com",
    paidOn: [baseTerms(PAYEE), termsOn(SOLANA_NETWORK, SOLANA_PAYEE)],
  });

  it("keeps the default network in the single-network fields and lists both, with asset and payee", () => {
    expect(both.security).toMatchObject({
      paymentNetwork: "base",
      paymentNetworkId: "eip155:8453",
      paymentNetworkLabel: "USDC on Base",
      paymentNetworks: [
        { name: "base", id: "eip155:8453", label: "USDC on Base", asset: BASE_USDC, payTo: PAYEE },
        {
          name: "solana",
          id: SOLANA_NETWORK,
          label: "USDC on Solana",
          asset: SOLANA_USDC,
          payTo: SOLANA_PAYEE,
        },
      ],
    });
  });

  it("offers both networks in the client configuration, Base the default", () => {
    expect(both.configSchema).toMatchObject({
      properties: { network: { enum: ["base", "solana"], default: "base" } },
    });
    const description = JSON.stringify(both.configSchema);
    expect(description).toContain("USDC on Solana");
    expect(description).toContain(SOLANA_NETWORK);
  });

  it("GET /mcp says the same", () => {
    const d = describeEndpoint({
      baseUrl: "http://x",
      paidOn: [baseTerms(PAYEE), termsOn(SOLANA_NETWORK, SOLANA_PAYEE)],
    });
    expect(d.payment.paymentNetworks.map((n) => n.id)).toEqual(["eip155:8453", SOLANA_NETWORK]);
    // The Base-only card is not changed by a card of two networks made first.
    expect(JSON.stringify(serverCardOf({ baseUrl: "https://screen.example.com" }))).toBe(
      JSON.stringify(card),
    );
  });
});

describe("GET /mcp description", () => {
  it("names the endpoint, how to pay, and where the docs are", () => {
    const d = describeEndpoint({ baseUrl: "http://127.0.0.1:8402" });
    expect(d.endpoint).toBe("http://127.0.0.1:8402/mcp");
    expect(d.links.docs).toBe("http://127.0.0.1:8402/mcp/docs");
    expect(d.links.serverJson).toBe("http://127.0.0.1:8402/.well-known/mcp/server.json");
    expect(d.payment.how).toMatch(/x402\/payment/);
    expect(d.tools.map((t) => t.name)).toContain("server_capabilities");
  });
});
