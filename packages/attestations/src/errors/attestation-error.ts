/**
 * Why an attestation, a key or a key set was refused. Stable: callers and the CLI branch on it.
 * - `malformed`: not a compact JWS of this kind (shape, header, `typ`, `alg`, payload not JSON).
 * - `unknown_kid`: no key of the key set carries the header's `kid`.
 * - `bad_signature`: the signature does not verify with that key.
 * - `not_canonical`: the signed payload is not the RFC 8785 canonical JSON of its claims.
 * - `bad_claims`: the claims do not have the attestation's shape.
 * - `bad_key`: a signing key or a key set is not usable (or would publish a private member).
 */
export const ATTESTATION_ERROR_CODES = [
  "malformed",
  "unknown_kid",
  "bad_signature",
  "not_canonical",
  "bad_claims",
  "bad_key",
] as const;

export type AttestationErrorCode = (typeof ATTESTATION_ERROR_CODES)[number];

/** A refusal with a stable `code`, the `reason` in words and, for a field, its dotted `path`. */
export class AttestationError extends Error {
  override readonly name = "AttestationError";
  readonly code: AttestationErrorCode;
  /** Where in the value the problem is (`request.addresses.0.address`), when it is a field. */
  readonly path: string | undefined;

  constructor(code: AttestationErrorCode, reason: string, path?: string) {
    super(path === undefined ? reason : `${path}: ${reason}`);
    this.code = code;
    this.path = path;
  }

  /** The reason in words (with the path in front, when there is one). */
  get reason(): string {
    return this.message;
  }
}

export function isAttestationError(value: unknown): value is AttestationError {
  return value instanceof AttestationError;
}
