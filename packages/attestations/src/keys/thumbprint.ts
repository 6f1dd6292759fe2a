import { createHash } from "node:crypto";

/** RFC 7638 JWK thumbprint (SHA-256, base64url): the SHA-256 of the key's required members in
 * lexicographic order, without whitespace. It names a key by what it is. */
export function jwkThumbprint(
  key: { kty: "OKP"; crv: string; x: string } | { kty: "EC"; crv: string; x: string; y: string },
): string {
  const members =
    key.kty === "OKP"
      ? { crv: key.crv, kty: key.kty, x: key.x }
      : { crv: key.crv, kty: key.kty, x: key.x, y: key.y };
  return createHash("sha256").update(JSON.stringify(members)).digest("base64url");
}
