import { createPrivateKey, createPublicKey } from "node:crypto";
import { exportJWK, generateKeyPair } from "jose";
import * as v from "valibot";
import { AttestationError } from "../errors/attestation-error.js";
import { issueError } from "../errors/valibot-issue.js";
import {
  PrivateJwkInputSchema,
  type PublicJwk,
  type SigningAlgorithm,
  type SigningKey,
} from "./key-schemas.js";
import { jwkThumbprint } from "./thumbprint.js";

export interface GenerateSigningKeyOptions {
  /** `EdDSA` (Ed25519, the default) or `ES256` (P-256). */
  readonly algorithm?: SigningAlgorithm;
}

/** A new private signing key (Ed25519 unless asked otherwise), its `kid` its RFC 7638 thumbprint. */
export async function generateSigningKey(
  options: GenerateSigningKeyOptions = {},
): Promise<SigningKey> {
  const algorithm = options.algorithm ?? "EdDSA";
  const { privateKey } = await generateKeyPair(algorithm, { extractable: true });
  return parseSigningKey(await exportJWK(privateKey));
}

/** The key's public half is that of its `d`: what it signs, its published half verifies. */
function assertHalvesMatch(key: Omit<SigningKey, "kid" | "alg" | "use">): void {
  let derived: { x?: string; y?: string };
  try {
    derived = createPublicKey(createPrivateKey({ key: { ...key }, format: "jwk" })).export({
      format: "jwk",
    });
  } catch {
    throw new AttestationError("bad_key", "is not a usable private key", "d");
  }
  if (derived.x !== key.x || ("y" in key && derived.y !== key.y)) {
    throw new AttestationError("bad_key", "is not the public half of this key's d", "x");
  }
}

/**
 * A private signing key from a JWK (an object or its JSON text, e.g. `SIGNING_KEY`): Ed25519
 * (`OKP`/`Ed25519`) or P-256 (`EC`/`P-256`), its public half checked against `d`. A missing `kid`
 * becomes the key's RFC 7638 thumbprint; `alg` and `use` are filled in. Throws `bad_key` with
 * the member's path.
 */
export function parseSigningKey(json: unknown): SigningKey {
  let value = json;
  if (typeof json === "string") {
    try {
      value = JSON.parse(json);
    } catch {
      throw new AttestationError("bad_key", "a signing key must be a JWK in JSON");
    }
  }
  const parsed = v.safeParse(PrivateJwkInputSchema, value);
  if (!parsed.success) throw issueError("bad_key", parsed.issues, "the signing key");
  const input = parsed.output;
  if (input.kty === "OKP") {
    const bare = { kty: input.kty, crv: input.crv, x: input.x, d: input.d };
    assertHalvesMatch(bare);
    return { ...bare, kid: input.kid ?? jwkThumbprint(bare), alg: "EdDSA", use: "sig" };
  }
  const bare = { kty: input.kty, crv: input.crv, x: input.x, y: input.y, d: input.d };
  assertHalvesMatch(bare);
  return { ...bare, kid: input.kid ?? jwkThumbprint(bare), alg: "ES256", use: "sig" };
}

/** The public half of a key as published (never `d`). */
export function publicJwk(key: PublicJwk): PublicJwk {
  return key.kty === "OKP"
    ? { kty: key.kty, crv: key.crv, x: key.x, kid: key.kid, alg: key.alg, use: "sig" }
    : { kty: key.kty, crv: key.crv, x: key.x, y: key.y, kid: key.kid, alg: key.alg, use: "sig" };
}
