import { generateKeyPairSync, type KeyObject } from "node:crypto";

/** A test CDP API key, as CDP issues it, with both halves for the stand-in and forged tokens. */
export interface TestCdpKey {
  readonly kind: "ecdsa" | "ed25519";
  readonly id: string;
  /** `CDP_API_KEY_SECRET` as CDP hands it out: SEC1 PEM, or base64 of seed and public key. */
  readonly secret: string;
  /** The JWS algorithm its tokens are signed with. */
  readonly alg: "ES256" | "EdDSA";
  readonly privateKey: KeyObject;
  /** The public half (SPKI PEM): what Coinbase checks a token against. */
  readonly publicKeyPem: string;
}

/**
 * A fresh key of `kind` in the form CDP issues it: ECDSA P-256 as `-----BEGIN EC PRIVATE
 * KEY-----` (SEC1 PEM), Ed25519 as base64 of 64 bytes (the seed, then the public key).
 */
export function testCdpKey(kind: "ecdsa" | "ed25519"): TestCdpKey {
  const id = crypto.randomUUID();
  if (kind === "ecdsa") {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    return {
      kind,
      id,
      secret: String(privateKey.export({ type: "sec1", format: "pem" })),
      alg: "ES256",
      privateKey,
      publicKeyPem: String(publicKey.export({ type: "spki", format: "pem" })),
    };
  }
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const jwk = privateKey.export({ format: "jwk" });
  return {
    kind,
    id,
    secret: Buffer.concat([
      Buffer.from(jwk.d ?? "", "base64url"),
      Buffer.from(jwk.x ?? "", "base64url"),
    ]).toString("base64"),
    alg: "EdDSA",
    privateKey,
    publicKeyPem: String(publicKey.export({ type: "spki", format: "pem" })),
  };
}
