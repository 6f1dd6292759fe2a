import { attestationFingerprint, attestationLookupUrl, decodeAttestation } from "@svc/attestations";
import type { ReportAttestation } from "../model/report.js";

/**
 * What a document prints of an attestation, read from the compact JWS (`decodeAttestation`: kid
 * and claims, signature unchecked). Throws an AttestationError for what is no attestation; the
 * model's schema refuses those first.
 */
export function reportAttestation(jws: string): ReportAttestation {
  const { kid, claims } = decodeAttestation(jws);
  const fingerprint = attestationFingerprint(jws);
  return {
    jws,
    fingerprint,
    kid,
    issuedAt: claims.issuedAt,
    edition: {
      date: claims.list.datasetDate,
      sha256: claims.list.datasetSha256,
      sample: claims.list.sample === true,
    },
    baseUrl: claims.baseUrl,
    lookupUrl: attestationLookupUrl(claims.baseUrl, fingerprint),
  };
}
