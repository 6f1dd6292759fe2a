export { canonicalJson } from "./canonical/canonical-json.js";
export {
  type AttestationInput,
  attestationClaims,
  attestedResult,
  type ScreenedAddress,
  type ScreenedEdition,
  type ScreeningAnswer,
} from "./claims/attestation-claims.js";
export {
  ATTESTATION_VERSION,
  type AttestationClaims,
  AttestationClaimsSchema,
  type AttestedAddress,
  type AttestedList,
  type AttestedPayment,
  type AttestedResult,
  MAX_ATTESTED_ADDRESSES,
} from "./claims/claims-schema.js";
export {
  ATTESTATION_ERROR_CODES,
  AttestationError,
  type AttestationErrorCode,
  isAttestationError,
} from "./errors/attestation-error.js";
export {
  attestationFingerprint,
  groupedFingerprint,
} from "./fingerprint/attestation-fingerprint.js";
export {
  ATTESTATION_TYP,
  type AttestationHeader,
  MAX_ATTESTATION_LENGTH,
} from "./jws/attestation-header.js";
export { signAttestation } from "./jws/sign-attestation.js";
export { type VerifiedAttestation, verifyAttestation } from "./jws/verify-attestation.js";
export { parseJwks, publicJwks } from "./keys/jwks.js";
export type { Jwks, PublicJwk, SigningAlgorithm, SigningKey } from "./keys/key-schemas.js";
export {
  type GenerateSigningKeyOptions,
  generateSigningKey,
  parseSigningKey,
  publicJwk,
} from "./keys/signing-key.js";
export { jwkThumbprint } from "./keys/thumbprint.js";
