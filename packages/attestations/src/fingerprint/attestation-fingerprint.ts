import { createHash } from "node:crypto";

/**
 * An attestation's fingerprint: SHA-256 of the compact JWS as sent (its ASCII characters),
 * 64 lower-case hex digits. The one name of an attestation that fits on a printed page: a
 * document prints it (grouped, `groupedFingerprint`) where the JWS itself would be pages of
 * base64, and anyone holding the JWS recomputes it with `sha256sum`.
 */
export function attestationFingerprint(jws: string): string {
  return createHash("sha256").update(jws, "utf8").digest("hex");
}

/**
 * A fingerprint for reading aloud: groups of four characters separated by spaces
 * (`3f2a 9c01 …`, 16 groups for SHA-256). Whitespace in the input is dropped first, so a
 * grouped fingerprint groups to itself.
 */
export function groupedFingerprint(fingerprint: string): string {
  const plain = fingerprint.replace(/\s+/g, "");
  return (plain.match(/.{1,4}/g) ?? []).join(" ");
}
