/**
 * Where a service that signs screening attestations publishes what checks them: its public keys
 * (RFC 7517 key set, current and retired) and the free verification route. The apps mount
 * these paths; the attestation appendix of every document prints them on the service's base URL.
 */
export const ATTESTATION_PATHS = Object.freeze({
  keys: "/.well-known/jwks.json",
  verify: "/api/attestations/verify",
} as const);

/** The two URLs of `ATTESTATION_PATHS` on a base URL (no trailing slash needed). */
export function attestationUrls(baseUrl: string): { keysUrl: string; verifyUrl: string } {
  const base = baseUrl.replace(/\/+$/, "");
  return {
    keysUrl: `${base}${ATTESTATION_PATHS.keys}`,
    verifyUrl: `${base}${ATTESTATION_PATHS.verify}`,
  };
}
