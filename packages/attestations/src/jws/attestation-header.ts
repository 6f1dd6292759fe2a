/**
 * The JWS `typ` of a screening attestation (RFC 8725 explicit typing): its payload is a JSON
 * claims set, so it is a JWT, and this media type keeps it from being taken for another token
 * the same key signs (an x402 offer or receipt, say) or the other way round.
 */
export const ATTESTATION_TYP = "ofac-attestation+jwt";

/** The longest compact JWS `verifyAttestation` reads (a full batch's claims fit well within). */
export const MAX_ATTESTATION_LENGTH = 1_000_000;

/** The protected header of an attestation. */
export interface AttestationHeader {
  readonly alg: "EdDSA" | "ES256";
  readonly kid: string;
  readonly typ: typeof ATTESTATION_TYP;
}
