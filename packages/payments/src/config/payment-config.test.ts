import { describe, expect, it } from "vitest";
import { DEVNET_ADDRESSES, DEVNET_PRIVATE_KEYS } from "../schemes/exact-evm/devnet-keys.js";
import { loadPaymentConfig, PaymentConfigError } from "./payment-config.js";

const PAY_TO = "0x1234567890abcdef1234567890abcdef12345678";
const production = {
  SVC_MODE: "production",
  PAY_TO,
  FACILITATOR_URL: "https://api.cdp.coinbase.com/platform/v2/x402",
  FACILITATOR_HEADERS: '{"Authorization":"Bearer token"}',
};

const problems = (env: Record<string, string>) => {
  try {
    loadPaymentConfig(env);
    return [];
  } catch (e) {
    expect(e).toBeInstanceOf(PaymentConfigError);
    return (e as PaymentConfigError).problems.map((p) => `${p.variable}: ${p.message}`);
  }
};

describe("loadPaymentConfig", () => {
  it("defaults to development on Base with the in-process devnet facilitator", () => {
    expect(loadPaymentConfig({})).toEqual({
      mode: "development",
      payTo: undefined,
      network: "eip155:8453",
      solana: undefined,
      facilitator: { kind: "devnet" },
      versions: [1, 2],
      settlement: "before-response",
      deferredMaxUsd: 0.25,
      deferredOutstandingUsd: 10,
      deferredSettleSeconds: 30,
      rpcUrl: undefined,
    });
  });

  it("offers USDC on Solana beside Base when PAY_TO_SOLANA names a payee: mainnet unless told", () => {
    const payee = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
    expect(loadPaymentConfig({ PAY_TO_SOLANA: payee }).solana).toEqual({
      payTo: payee,
      network: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
      rpcUrl: undefined,
    });
    expect(
      loadPaymentConfig({
        ...production,
        PAY_TO_SOLANA: payee,
        X402_SOLANA_NETWORK: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
        SOLANA_RPC_URL: "https://rpc.example/solana",
      }).solana,
    ).toEqual({
      payTo: payee,
      network: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
      rpcUrl: "https://rpc.example/solana",
    });
  });

  it("refuses a Solana payee that is no Solana address, a Solana network on X402_NETWORK, and Solana settings without a payee", () => {
    expect(problems({ PAY_TO_SOLANA: PAY_TO })).toEqual([
      "PAY_TO_SOLANA: must be a Solana address (base58, 32 bytes)",
    ]);
    expect(problems({ X402_NETWORK: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" })).toEqual([
      "X402_NETWORK: must be eip155:8453 (USDC on Base) or eip155:84532 (USDC on Base Sepolia, a testnet)",
    ]);
    expect(problems({ X402_SOLANA_NETWORK: "eip155:8453", SOLANA_RPC_URL: "x" })).toEqual([
      "X402_SOLANA_NETWORK: must be solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp (USDC on Solana) or solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1 (USDC on Solana devnet, a testnet)",
      "SOLANA_RPC_URL: must be a URL",
    ]);
    expect(problems({ X402_SOLANA_NETWORK: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" })).toEqual([
      "X402_SOLANA_NETWORK: has no effect without PAY_TO_SOLANA",
    ]);
  });

  it("reads settlement after the response, its price limit and the chain to read", () => {
    expect(
      loadPaymentConfig({
        X402_SETTLEMENT: "after-response",
        X402_DEFERRED_MAX_USD: "0.05",
        X402_DEFERRED_OUTSTANDING_USD: "2.5",
        X402_DEFERRED_SETTLE_SECONDS: "90",
        X402_RPC_URL: "http://127.0.0.1:8545",
      }),
    ).toMatchObject({
      settlement: "after-response",
      deferredMaxUsd: 0.05,
      deferredOutstandingUsd: 2.5,
      deferredSettleSeconds: 90,
      rpcUrl: "http://127.0.0.1:8545",
    });
  });

  it("refuses an unknown settlement timing, limits that are not amounts or whole seconds, and after-response through a facilitator without X402_RPC_URL", () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadPaymentConfig(env);
        return [];
      } catch (error) {
        return (error as PaymentConfigError).problems.map((p) => p.variable);
      }
    };
    expect(problems({ X402_SETTLEMENT: "later" })).toEqual(["X402_SETTLEMENT"]);
    expect(problems({ X402_DEFERRED_MAX_USD: "-1" })).toEqual(["X402_DEFERRED_MAX_USD"]);
    expect(problems({ X402_DEFERRED_MAX_USD: "0" })).toEqual(["X402_DEFERRED_MAX_USD"]);
    expect(problems({ X402_DEFERRED_OUTSTANDING_USD: "ten" })).toEqual([
      "X402_DEFERRED_OUTSTANDING_USD",
    ]);
    // Less than the facilitator's own margin, or not whole seconds.
    expect(problems({ X402_DEFERRED_SETTLE_SECONDS: "5" })).toEqual([
      "X402_DEFERRED_SETTLE_SECONDS",
    ]);
    expect(problems({ X402_DEFERRED_SETTLE_SECONDS: "30.5" })).toEqual([
      "X402_DEFERRED_SETTLE_SECONDS",
    ]);
    expect(
      problems({
        X402_SETTLEMENT: "after-response",
        FACILITATOR_URL: "http://127.0.0.1:4021",
        PAY_TO: "0x00000000000000000000000000000000000000aa",
      }),
    ).toEqual(["X402_RPC_URL"]);
  });

  it("accepts a complete production configuration", () => {
    expect(loadPaymentConfig(production)).toMatchObject({
      mode: "production",
      payTo: PAY_TO,
      facilitator: {
        kind: "http",
        url: "https://api.cdp.coinbase.com/platform/v2/x402",
        headers: { Authorization: "Bearer token" },
      },
    });
  });

  it("production refuses a missing payTo and a missing facilitator", () => {
    expect(problems({ SVC_MODE: "production" })).toEqual([
      "FACILITATOR_URL: is required in production on eip155:8453, or CDP_API_KEY_ID and CDP_API_KEY_SECRET for Coinbase's facilitator",
      "PAY_TO: is required in production",
    ]);
  });

  it("production refuses a devnet account as payTo and a devnet key anywhere", () => {
    expect(problems({ ...production, PAY_TO: DEVNET_ADDRESSES[2] as string })).toEqual([
      "PAY_TO: is a public devnet account",
    ]);
    expect(problems({ ...production, SIGNER_KEY: DEVNET_PRIVATE_KEYS[0] as string })).toEqual([
      "SIGNER_KEY: holds a public devnet private key",
    ]);
  });

  it("production refuses a local, private or plain-HTTP facilitator", () => {
    for (const url of [
      "http://127.0.0.1:4021",
      "https://localhost:4021",
      "https://10.0.0.5",
      "https://192.168.1.2/x402",
    ]) {
      expect(problems({ ...production, FACILITATOR_URL: url }).join(" "), url).toMatch(
        /FACILITATOR_URL/,
      );
    }
    expect(problems({ ...production, FACILITATOR_URL: "http://facilitator.example.com" })).toEqual([
      "FACILITATOR_URL: must use https in production",
    ]);
  });

  it("refuses malformed values with the variable named", () => {
    expect(problems({ PAY_TO: "0x123" })).toEqual([
      "PAY_TO: must be a 0x address of 40 hex digits",
    ]);
    expect(problems({ X402_NETWORK: "eip155:1" })).toEqual([
      "X402_NETWORK: must be eip155:8453 (USDC on Base) or eip155:84532 (USDC on Base Sepolia, a testnet)",
    ]);
    expect(problems({ SVC_MODE: "prod" })).toEqual(["SVC_MODE: must be development or production"]);
    expect(problems({ FACILITATOR_HEADERS: "Bearer x" })).toEqual([
      "FACILITATOR_HEADERS: must be a JSON object of header names to values",
    ]);
  });
});
