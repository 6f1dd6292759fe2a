import canonicalize from "canonicalize";

/**
 * The RFC 8785 (JSON Canonicalization Scheme) text of a JSON value: members sorted by their
 * UTF-16 code units, no whitespace, numbers and strings as ECMAScript serializes them. The
 * attestation's payload is exactly these bytes, so anyone can recompute them from the claims.
 */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError("the value has no JSON form");
  return text;
}
