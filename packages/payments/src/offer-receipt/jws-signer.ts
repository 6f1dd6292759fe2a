import { createPrivateKey, sign } from "node:crypto";
import type { SigningKey } from "@svc/attestations";
import type { JWSSigner } from "@x402/extensions/offer-receipt";

/**
 * The offer-receipt extension's JWS signer for the service's signing key: it signs the JWS
 * signing input (`header.payload`) with node:crypto, the key imported once (it runs on every
 * 402 whose offers are not cached, so no per-call import or library round trip).
 *
 * `kid` is the key's `kid` in the service's key set, published at `/.well-known/jwks.json`, not
 * a DID: the extension's own verifiers resolve a DID `kid` when no key is given, so a verifier
 * of these offers and receipts passes the published key explicitly (`verifyOfferSignatureJWS(
 * offer, jwk)`), the same key that verifies the service's screening attestations.
 */
export function jwsSignerOf(key: SigningKey): JWSSigner {
  const privateKey = createPrivateKey({
    key:
      key.kty === "OKP"
        ? { kty: key.kty, crv: key.crv, x: key.x, d: key.d }
        : { kty: key.kty, crv: key.crv, x: key.x, y: key.y, d: key.d },
    format: "jwk",
  });
  // EdDSA hashes internally (no digest); ES256 is ECDSA over SHA-256 with the JWS signature
  // as r‖s (IEEE P1363), not DER.
  const signBytes =
    key.alg === "EdDSA"
      ? (data: Uint8Array) => sign(null, data, privateKey)
      : (data: Uint8Array) => sign("sha256", data, { key: privateKey, dsaEncoding: "ieee-p1363" });
  return {
    kid: key.kid,
    format: "jws",
    algorithm: key.alg,
    sign: async (payload) => signBytes(payload).toString("base64url"),
  };
}
