import { generateSigningKey, publicJwk } from "@svc/attestations";
import { describe, expect, it } from "vitest";
import { loadServiceConfig } from "../config/service-config.js";
import { DEFAULT_SIGNING_KEY_FILE, loadSigningConfig } from "./signing-config.js";

const PRODUCTION = { production: true, cwd: "/srv/app" };
const DEVELOPMENT = { production: false, cwd: "/srv/app" };

describe("SIGNING_KEY and SIGNING_KEYS_RETIRED", () => {
  it("production without SIGNING_KEY refuses to start, naming the variable and how to make a key", () => {
    expect(() => loadSigningConfig({}, PRODUCTION)).toThrow(
      /^SIGNING_KEY: is required in production.*node dist\/generate-signing-key\.js/,
    );
    // The service's own configuration refuses the same way (SVC_MODE=production, all else valid).
    expect(() =>
      loadServiceConfig({
        SVC_MODE: "production",
        PAY_TO: "0x1234567890abcdef1234567890abcdef12345678",
        FACILITATOR_URL: "https://facilitator.example.com/x402",
      }),
    ).toThrow(/SIGNING_KEY: is required in production/);
  });

  it("development without SIGNING_KEY keeps a generated key in .svc/signing-key.json (SIGNING_KEY_FILE)", () => {
    const config = loadSigningConfig({}, DEVELOPMENT);
    expect(config.key).toBeUndefined();
    expect(config.keyFile).toBe(`/srv/app/${DEFAULT_SIGNING_KEY_FILE}`);
    expect(loadSigningConfig({ SIGNING_KEY_FILE: "keys/k.json" }, DEVELOPMENT).keyFile).toBe(
      "/srv/app/keys/k.json",
    );
  });

  it("a private JWK in SIGNING_KEY is the key, in production and development alike", async () => {
    const key = await generateSigningKey();
    for (const options of [PRODUCTION, DEVELOPMENT]) {
      expect(loadSigningConfig({ SIGNING_KEY: JSON.stringify(key) }, options).key).toEqual(key);
    }
  });

  it("SIGNING_KEY that is not a usable private JWK is refused naming the variable, never echoing the key", async () => {
    const key = await generateSigningKey();
    const refusals: [string, RegExp][] = [
      [
        "not json",
        /^SIGNING_KEY: is not a usable private JWK \(a signing key must be a JWK in JSON\)/,
      ],
      [JSON.stringify(publicJwk(key)), /^SIGNING_KEY: is not a usable private JWK .*d/],
      [JSON.stringify({ ...key, crv: "X25519" }), /^SIGNING_KEY: .*crv/],
    ];
    for (const [raw, message] of refusals) {
      expect(() => loadSigningConfig({ SIGNING_KEY: raw }, DEVELOPMENT)).toThrow(message);
    }
    // Another key's public half under this d: refused, and the message holds no secret.
    const other = await generateSigningKey();
    let message = "";
    try {
      loadSigningConfig({ SIGNING_KEY: JSON.stringify({ ...key, x: other.x }) }, DEVELOPMENT);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^SIGNING_KEY: .*not the public half/);
    expect(message).not.toContain(key.d);
  });

  it("SIGNING_KEYS_RETIRED takes a key set or an array of public JWKs", async () => {
    const current = await generateSigningKey();
    const old = [publicJwk(await generateSigningKey()), publicJwk(await generateSigningKey())];
    const env = (retired: unknown) => ({
      SIGNING_KEY: JSON.stringify(current),
      SIGNING_KEYS_RETIRED: JSON.stringify(retired),
    });
    expect(loadSigningConfig(env({ keys: old }), PRODUCTION).retired).toEqual(old);
    expect(loadSigningConfig(env(old), PRODUCTION).retired).toEqual(old);
    // The current key listed as retired too is published once.
    expect(loadSigningConfig(env([publicJwk(current)]), PRODUCTION).retired).toEqual([]);
  });

  it("SIGNING_KEYS_RETIRED holding a private key (d) is refused: a retired key is only published", async () => {
    const leaked = await generateSigningKey();
    expect(() =>
      loadSigningConfig({ SIGNING_KEYS_RETIRED: JSON.stringify([leaked]) }, DEVELOPMENT),
    ).toThrow(/^SIGNING_KEYS_RETIRED: .*keys\.0\.d.*must not hold a private member/);
  });

  it("SIGNING_KEYS_RETIRED that is not JSON, not keys, or reuses the current kid for another key is refused", async () => {
    const current = await generateSigningKey();
    const impostor = { ...publicJwk(await generateSigningKey()), kid: current.kid };
    const cases: [string, RegExp][] = [
      ["{", /^SIGNING_KEYS_RETIRED: must be JSON/],
      [JSON.stringify({ keys: [{ kty: "RSA", kid: "a" }] }), /^SIGNING_KEYS_RETIRED: .*kty/],
      [
        JSON.stringify([impostor]),
        /^SIGNING_KEYS_RETIRED: with SIGNING_KEY: .*names two different keys/,
      ],
    ];
    for (const [raw, message] of cases) {
      expect(() =>
        loadSigningConfig(
          { SIGNING_KEY: JSON.stringify(current), SIGNING_KEYS_RETIRED: raw },
          DEVELOPMENT,
        ),
      ).toThrow(message);
    }
  });
});
