import { generateKeyPairSync } from "node:crypto";

/** A test CDP API key of each kind CDP issues, in the form CDP hands it out. */
export interface TestCdpKey {
  readonly kind: "ecdsa" | "ed25519";
  /** `CDP_API_KEY_SECRET` as CDP gives it: SEC1 PEM, or base64 of seed and public key. */
  readonly secret: string;
  /** The public half, as a verifier of the key's tokens holds it (PEM). */
  readonly publicKeyPem: string;
}

/** An ECDSA P-256 key as CDP issues it: `-----BEGIN EC PRIVATE KEY-----` (SEC1 PEM). */
export function ecdsaCdpKey(): TestCdpKey {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return {
    kind: "ecdsa",
    secret: String(privateKey.export({ type: "sec1", format: "pem" })),
    publicKeyPem: String(publicKey.export({ type: "spki", format: "pem" })),
  };
}

/** An Ed25519 key as CDP issues it: base64 of 64 bytes, the seed then the public key. */
export function ed25519CdpKey(): TestCdpKey {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const jwk = privateKey.export({ format: "jwk" });
  return {
    kind: "ed25519",
    secret: Buffer.concat([
      Buffer.from(jwk.d ?? "", "base64url"),
      Buffer.from(jwk.x ?? "", "base64url"),
    ]).toString("base64"),
    publicKeyPem: String(publicKey.export({ type: "spki", format: "pem" })),
  };
}
