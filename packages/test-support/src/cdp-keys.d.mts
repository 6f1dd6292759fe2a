import type { KeyObject } from "node:crypto";

/** A test CDP API key, as CDP issues it, with both halves for a stand-in and forged tokens. */
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

/** A fresh key of `kind` in the form CDP issues it (ECDSA: SEC1 PEM; Ed25519: base64 of 64 bytes). */
export function testCdpKey(kind: "ecdsa" | "ed25519"): TestCdpKey;
