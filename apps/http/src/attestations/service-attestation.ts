import { type Jwks, type PublicJwk, publicJwks, type SigningKey } from "@svc/attestations";
import { keptSigningKey } from "./kept-signing-key.js";
import type { SigningConfig } from "./signing-config.js";

/**
 * What the service signs its screening attestations with, and the retired public keys it still
 * publishes at `/.well-known/jwks.json` (`AppOptions.attestation`; the routes and the MCP tools
 * read the same one).
 */
export interface ServiceAttestation {
  readonly key: SigningKey;
  readonly retired: readonly PublicJwk[];
}

/** The configured key, or development's kept one (generated on the first start). */
export async function serviceAttestationOf(config: SigningConfig): Promise<ServiceAttestation> {
  const key = config.key ?? (await keptSigningKey(config.keyFile));
  return { key, retired: config.retired.filter((k) => k.kid !== key.kid) };
}

/**
 * The key set the service publishes (`/.well-known/jwks.json`): its current key and the retired
 * ones, public halves only. The verification route and the document routes check attestations
 * against it.
 */
export const serviceKeySet = (attestation: ServiceAttestation): Jwks =>
  publicJwks([attestation.key, ...attestation.retired]);
