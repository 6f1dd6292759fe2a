import { ATTESTATION_KEYS_PATH, ATTESTATION_LOOKUP_PATH } from "@svc/attestations";

/**
 * Where a service that signs screening attestations publishes what checks them: its public keys
 * (RFC 7517 key set, current and retired), the free verification route, and the free lookup of
 * an attestation it issued by its fingerprint (the URL and QR code every document prints). The
 * apps mount these paths.
 */
export const ATTESTATION_PATHS = Object.freeze({
  keys: ATTESTATION_KEYS_PATH,
  verify: "/api/attestations/verify",
  lookup: ATTESTATION_LOOKUP_PATH,
} as const);

/** The key set's and the verification route's URLs on a base URL (no trailing slash needed). */
export function attestationUrls(baseUrl: string): { keysUrl: string; verifyUrl: string } {
  const base = baseUrl.replace(/\/+$/, "");
  return {
    keysUrl: `${base}${ATTESTATION_PATHS.keys}`,
    verifyUrl: `${base}${ATTESTATION_PATHS.verify}`,
  };
}
