import { inspect } from "node:util";
import { testCdpKey } from "@svc/test-support/cdp-keys";
import { describe, expect, it } from "vitest";
import { loadPaymentConfig, PaymentConfigError } from "./payment-config.js";

const PAY_TO = "0x1234567890abcdef1234567890abcdef12345678";
const CDP_URL = "https://api.cdp.coinbase.com/platform/v2/x402";
const KEY_ID = "6a4c1f0e-3d2b-4c8a-9f1e-2b7d5e0a9c31";
const ECDSA = testCdpKey("ecdsa");
const ED25519 = testCdpKey("ed25519");
const cdp = (secret = ECDSA.secret) => ({ CDP_API_KEY_ID: KEY_ID, CDP_API_KEY_SECRET: secret });
const production = { SVC_MODE: "production", PAY_TO };

const refused = (env: Record<string, string>): PaymentConfigError => {
  try {
    loadPaymentConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(PaymentConfigError);
    return e as PaymentConfigError;
  }
  throw new Error("the configuration was accepted");
};
const problems = (env: Record<string, string>) =>
  refused(env).problems.map((p) => `${p.variable}: ${p.message}`);

describe("the facilitator's settings", () => {
  it("with CDP keys (either kind CDP issues) the facilitator is Coinbase's, in development and production", () => {
    for (const secret of [ECDSA.secret, ED25519.secret, ECDSA.secret.replaceAll("\n", "\\n")]) {
      for (const env of [cdp(secret), { ...production, ...cdp(secret) }]) {
        const { facilitator } = loadPaymentConfig(env);
        expect(facilitator).toMatchObject({ kind: "cdp", url: CDP_URL, apiKeyId: KEY_ID });
        expect(facilitator.kind === "cdp" && facilitator.apiKeySecret()).toBe(secret);
      }
    }
  });

  it("the secret appears in no message, and not in the configuration logged or serialized", () => {
    const config = loadPaymentConfig({ ...production, ...cdp() });
    const marker = ECDSA.secret.split("\n")[1] ?? "";
    expect(marker.length).toBeGreaterThan(40);
    expect(JSON.stringify(config)).not.toContain(marker);
    expect(inspect(config, { depth: 10 })).not.toContain(marker);
    // Refused beside other problems, and refused as a secret that is no key.
    const broken = `${ECDSA.secret.slice(0, 200)}x`;
    for (const env of [
      { ...production, ...cdp(), FACILITATOR_HEADERS: '{"a":"b"}', PAY_TO: "0x1" },
      { ...production, ...cdp(broken) },
    ]) {
      const error = refused(env);
      expect(`${error.message} ${inspect(error)}`).not.toContain(marker);
    }
    expect(problems(cdp("hunter2-not-a-key"))).toEqual([
      "CDP_API_KEY_SECRET: must be a CDP API key secret: an ECDSA P-256 private key (PEM) or an Ed25519 key (base64 of 64 bytes)",
    ]);
    expect(refused(cdp("hunter2-not-a-key")).message).not.toContain("hunter2");
  });

  it("takes both CDP variables or neither", () => {
    expect(problems({ CDP_API_KEY_ID: KEY_ID })).toEqual([
      "CDP_API_KEY_SECRET: is required with CDP_API_KEY_ID (both or neither)",
    ]);
    expect(problems({ CDP_API_KEY_SECRET: ED25519.secret })).toEqual([
      "CDP_API_KEY_ID: is required with CDP_API_KEY_SECRET (both or neither)",
    ]);
    expect(loadPaymentConfig(cdp()).facilitator.kind).toBe("cdp");
  });

  it("refuses FACILITATOR_HEADERS beside CDP keys, saying why", () => {
    expect(problems({ ...cdp(), FACILITATOR_HEADERS: '{"Authorization":"Bearer x"}' })).toEqual([
      "FACILITATOR_HEADERS: cannot be used with CDP_API_KEY_ID and CDP_API_KEY_SECRET: each call to Coinbase's facilitator carries a token of its own, signed with the CDP key; unset one or the other",
    ]);
  });

  it("with CDP keys, FACILITATOR_URL may name a local stand-in in development only, and must serve Coinbase's path", () => {
    const local = "http://127.0.0.1:4021/platform/v2/x402";
    expect(loadPaymentConfig({ ...cdp(), FACILITATOR_URL: local }).facilitator).toMatchObject({
      kind: "cdp",
      url: local,
    });
    expect(problems({ ...cdp(), FACILITATOR_URL: "http://127.0.0.1:4021" })).toEqual([
      "FACILITATOR_URL: must have the path /platform/v2/x402 with CDP keys (the path each call's token names)",
    ]);
    expect(
      problems({
        ...production,
        ...cdp(),
        FACILITATOR_URL: "https://facilitator.example.com/platform/v2/x402",
      }),
    ).toEqual([
      "FACILITATOR_URL: must be on api.cdp.coinbase.com with CDP keys in production: each call's token, signed with the CDP key, would be handed to facilitator.example.com",
    ]);
    expect(
      loadPaymentConfig({ ...production, ...cdp(), FACILITATOR_URL: `${CDP_URL}/` }).facilitator,
    ).toMatchObject({ kind: "cdp" });
  });

  it("in production on Base Sepolia without a facilitator, x402.org's public one; on Base one is required", () => {
    const sepolia = { ...production, X402_NETWORK: "eip155:84532" };
    expect(loadPaymentConfig(sepolia).facilitator).toEqual({
      kind: "http",
      url: "https://x402.org/facilitator",
      headers: {},
    });
    expect(loadPaymentConfig({ ...sepolia, ...cdp() }).facilitator).toMatchObject({
      kind: "cdp",
      url: CDP_URL,
    });
    expect(problems(production)).toEqual([
      "FACILITATOR_URL: is required in production on eip155:8453, or CDP_API_KEY_ID and CDP_API_KEY_SECRET for Coinbase's facilitator",
    ]);
    // Development on Base Sepolia without one: the devnet, as on Base.
    expect(loadPaymentConfig({ X402_NETWORK: "eip155:84532" }).facilitator).toEqual({
      kind: "devnet",
    });
  });

  it("settlement after the answer through Coinbase's facilitator needs X402_RPC_URL", () => {
    expect(problems({ ...cdp(), X402_SETTLEMENT: "after-response" })).toEqual([
      "X402_RPC_URL: is required with X402_SETTLEMENT=after-response and a facilitator other than the devnet",
    ]);
  });
});

describe("X402_VERSIONS", () => {
  it("is 1 and 2 by default; takes either or both, in the order given", () => {
    expect(loadPaymentConfig({}).versions).toEqual([1, 2]);
    expect(loadPaymentConfig({ X402_VERSIONS: "2" }).versions).toEqual([2]);
    expect(loadPaymentConfig({ X402_VERSIONS: "1" }).versions).toEqual([1]);
    expect(loadPaymentConfig({ X402_VERSIONS: " 2, 1 " }).versions).toEqual([2, 1]);
  });

  it("refuses another version, an empty member or a repeated one", () => {
    for (const value of ["3", "1,3", "1,,2", ",", "v2", " "]) {
      expect(problems({ X402_VERSIONS: value }), value).toEqual([
        "X402_VERSIONS: must be a comma list of x402 versions: 1, 2 or 1,2",
      ]);
    }
    expect(problems({ X402_VERSIONS: "2,2" })).toEqual([
      "X402_VERSIONS: must name each version once",
    ]);
  });
});
