import { CompactSign } from "jose";
import * as v from "valibot";
import { canonicalJson } from "../canonical/canonical-json.js";
import { type AttestationClaims, AttestationClaimsSchema } from "../claims/claims-schema.js";
import { issueError } from "../errors/valibot-issue.js";
import type { SigningKey } from "../keys/key-schemas.js";
import { ATTESTATION_TYP, type AttestationHeader } from "./attestation-header.js";
import { cryptoKeyOf } from "./crypto-keys.js";

/**
 * The attestation of `claims`: a compact JWS (header `alg`, `kid`, `typ`) whose payload bytes
 * are the RFC 8785 canonical JSON of the claims. Throws `bad_claims` when they do not have the
 * attestation's shape.
 */
export async function signAttestation(claims: AttestationClaims, key: SigningKey): Promise<string> {
  const parsed = v.safeParse(AttestationClaimsSchema, claims);
  if (!parsed.success) throw issueError("bad_claims", parsed.issues, "the claims");
  const header: AttestationHeader = { alg: key.alg, kid: key.kid, typ: ATTESTATION_TYP };
  const payload = new TextEncoder().encode(canonicalJson(parsed.output));
  return new CompactSign(payload).setProtectedHeader({ ...header }).sign(await cryptoKeyOf(key));
}
