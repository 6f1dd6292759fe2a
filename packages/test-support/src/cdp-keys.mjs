// Test CDP API keys in the forms Coinbase issues them, with both halves: the secret as an
// operator pastes it into CDP_API_KEY_SECRET, and what a stand-in checks tokens against. One copy
// for the payments package (the key reader, the configuration) and the service's stand-in tests.
import { generateKeyPairSync } from "node:crypto";

/**
 * A fresh key of `kind` in the form CDP issues it: ECDSA P-256 as `-----BEGIN EC PRIVATE
 * KEY-----` (SEC1 PEM), Ed25519 as base64 of 64 bytes (the seed, then the public key).
 */
export function testCdpKey(kind) {
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
