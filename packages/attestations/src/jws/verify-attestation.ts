import { compactVerify, decodeProtectedHeader, errors } from "jose";
import * as v from "valibot";
import { canonicalJson } from "../canonical/canonical-json.js";
import { type AttestationClaims, AttestationClaimsSchema } from "../claims/claims-schema.js";
import { AttestationError } from "../errors/attestation-error.js";
import { issueError } from "../errors/valibot-issue.js";
import { parseJwks } from "../keys/jwks.js";
import type { Jwks, PublicJwk } from "../keys/key-schemas.js";
import { ATTESTATION_TYP, MAX_ATTESTATION_LENGTH } from "./attestation-header.js";
import { cryptoKeyOf } from "./crypto-keys.js";

/** What a verified attestation says, and which key signed it. */
export interface VerifiedAttestation {
  readonly claims: AttestationClaims;
  /** The `kid` of the key that signed it. */
  readonly kid: string;
}

export const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** Key sets already checked, by object: a verifier holding one set checks it once. */
const checkedSets = new WeakMap<object, Map<string, PublicJwk>>();

function keysByKid(keys: Jwks): Map<string, PublicJwk> {
  let byKid = checkedSets.get(keys);
  if (byKid === undefined) {
    byKid = new Map(parseJwks(keys).keys.map((k) => [k.kid, k]));
    checkedSets.set(keys, byKid);
  }
  return byKid;
}

/** The protected header of an attestation, checked (typ, kid, alg, no crit). */
export function protectedHeader(jws: string): { alg: string; kid: string } {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(jws);
  } catch {
    throw new AttestationError("malformed", "the protected header is not base64url JSON");
  }
  // A media type compares without case, and may be written with its `application/` prefix.
  const typ = typeof header.typ === "string" ? header.typ.toLowerCase() : header.typ;
  if (typ !== ATTESTATION_TYP && typ !== `application/${ATTESTATION_TYP}`) {
    throw new AttestationError(
      "malformed",
      `typ is ${JSON.stringify(header.typ)}, not "${ATTESTATION_TYP}": not a screening attestation`,
    );
  }
  if (typeof header.kid !== "string" || header.kid === "") {
    throw new AttestationError("malformed", "the protected header names no kid");
  }
  if (header.alg !== "EdDSA" && header.alg !== "ES256") {
    throw new AttestationError(
      "malformed",
      `alg ${JSON.stringify(header.alg)} is not EdDSA or ES256`,
    );
  }
  if (header.crit !== undefined) {
    throw new AttestationError("malformed", "the protected header has critical extensions");
  }
  return { alg: header.alg, kid: header.kid };
}

/**
 * Verifies a screening attestation against a published key set (`/.well-known/jwks.json`):
 * the compact JWS's `typ`, the key its `kid` names, the signature, that the payload is the
 * RFC 8785 canonical JSON of its claims, and the claims' shape. Returns the claims and the
 * `kid`, or throws an AttestationError: `malformed`, `unknown_kid`, `bad_signature`,
 * `not_canonical`, `bad_claims` (or `bad_key` for an unusable key set).
 */
export async function verifyAttestation(jws: string, keys: Jwks): Promise<VerifiedAttestation> {
  const byKid = keysByKid(keys);
  if (typeof jws !== "string" || jws.length > MAX_ATTESTATION_LENGTH) {
    throw new AttestationError(
      "malformed",
      `not a string of at most ${MAX_ATTESTATION_LENGTH} characters`,
    );
  }
  if (!COMPACT_JWS.test(jws)) {
    throw new AttestationError("malformed", "not a compact JWS (three base64url parts)");
  }
  const { alg, kid } = protectedHeader(jws);
  const jwk = byKid.get(kid);
  if (jwk === undefined) {
    throw new AttestationError(
      "unknown_kid",
      `no key of the key set has kid "${kid}" (it holds ${byKid.size})`,
    );
  }
  if (jwk.alg !== alg) {
    throw new AttestationError(
      "bad_signature",
      `signed with ${alg}, but key "${kid}" is ${jwk.alg}`,
    );
  }
  let payload: Uint8Array;
  try {
    ({ payload } = await compactVerify(jws, await cryptoKeyOf(jwk), { algorithms: [alg] }));
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed) {
      throw new AttestationError(
        "bad_signature",
        `the signature does not verify with key "${kid}"`,
      );
    }
    throw new AttestationError("malformed", error instanceof Error ? error.message : String(error));
  }
  let text: string;
  let value: unknown;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(payload);
    value = JSON.parse(text);
  } catch {
    throw new AttestationError("malformed", "the payload is not JSON text");
  }
  if (canonicalJson(value) !== text) {
    throw new AttestationError(
      "not_canonical",
      "the payload is not the RFC 8785 canonical JSON of its claims",
    );
  }
  const parsed = v.safeParse(AttestationClaimsSchema, value);
  if (!parsed.success) throw issueError("bad_claims", parsed.issues, "the claims");
  return { claims: parsed.output, kid };
}
