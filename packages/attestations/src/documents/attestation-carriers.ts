/**
 * Where a document carries the attestation it was made from, machine-readably, defined once:
 * the renderers write it there and `ofac-index verify` reads it back. The page itself prints only
 * the fingerprint, kid, instant, edition and lookup URL; nobody can use a printed JWS.
 */
export const ATTESTATION_CARRIERS = Object.freeze({
  /** The file name of the attachment (a PDF embedded file) and of the DOCX part. */
  fileName: "attestation.jws",
  /** The media type of a compact JWS (RFC 7515 §9.2.1). */
  mediaType: "application/jose",
  /** What the PDF attachment is, in its description. */
  description: "The screening attestation this document was made from (compact JWS)",
  /** The DOCX package part holding the JWS, related from the package root. */
  docxPartName: "/attestation/attestation.jws",
  /** The type of the package relationship that names that part. */
  docxRelationshipType: "urn:ofac-screening:relationship:attestation",
  /**
   * The XLSX sheet holding the JWS (very hidden, so never printed): its header in A1, the JWS in
   * column A from A2 down in pieces of `xlsxCellLength` characters, joined in row order.
   */
  xlsxSheetName: "Attestation JWS",
  /** Characters of the JWS per cell (a cell holds at most 32,767). */
  xlsxCellLength: 8192,
} as const);

/** Where the service publishes the keys that check its attestations (a JWK Set, RFC 7517). */
export const ATTESTATION_KEYS_PATH = "/.well-known/jwks.json";

/**
 * Where the service answers an attestation it issued by its fingerprint: the JWS and the
 * verdict of the verification route, free. The QR code of every document encodes this URL.
 */
export const ATTESTATION_LOOKUP_PATH = "/api/attestations/{fingerprint}";

/** The lookup URL of one fingerprint on the service's base URL (no trailing slash needed). */
export function attestationLookupUrl(baseUrl: string, fingerprint: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${ATTESTATION_LOOKUP_PATH.replace("{fingerprint}", fingerprint)}`;
}
