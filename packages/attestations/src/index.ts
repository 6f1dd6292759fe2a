export { canonicalJson } from "./canonical/canonical-json.js";
export {
  attestationClaims,
  attestedResult,
  type ScreeningAnswer,
} from "./claims/attestation-claims.js";
export {
  type AttestationClaims,
  /** @public */ AttestationClaimsSchema,
  type AttestedPayment,
  type AttestedResult,
  /** @public */ MAX_ATTESTED_ADDRESSES,
} from "./claims/claims-schema.js";
export {
  ATTESTATION_CARRIERS,
  ATTESTATION_KEYS_PATH,
  ATTESTATION_LOOKUP_PATH,
  attestationLookupUrl,
} from "./documents/attestation-carriers.js";
export {
  ATTESTATION_ERROR_CODES,
  /** @public */ AttestationError,
  type AttestationErrorCode,
  isAttestationError,
} from "./errors/attestation-error.js";
export {
  attestationFingerprint,
  groupedFingerprint,
} from "./fingerprint/attestation-fingerprint.js";
export {
  ATTESTATION_TYP,
  MAX_ATTESTATION_LENGTH,
} from "./jws/attestation-header.js";
export { decodeAttestation } from "./jws/decode-attestation.js";
export { signAttestation } from "./jws/sign-attestation.js";
export { type VerifiedAttestation, verifyAttestation } from "./jws/verify-attestation.js";
export { parseJwks, publicJwks } from "./keys/jwks.js";
export type { Jwks, PublicJwk, SigningKey } from "./keys/key-schemas.js";
export {
  generateSigningKey,
  parseSigningKey,
  publicJwk,
} from "./keys/signing-key.js";
