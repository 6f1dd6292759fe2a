import { createHash } from "node:crypto";

/**
 * The fingerprint of an attestation: the lower-case hex SHA-256 of its compact JWS string (64
 * characters). Documents print it in place of the JWS, and the service finds an attestation it
 * issued by it.
 */
export function attestationFingerprint(jws: string): string {
  return createHash("sha256").update(jws, "utf8").digest("hex");
}

/** A fingerprint in groups of 4 characters separated by spaces, for reading aloud. */
export function groupedFingerprint(hex: string): string {
  return (hex.match(/.{1,4}/g) ?? []).join(" ");
}
