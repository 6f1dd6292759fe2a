import { base64url } from "jose";
import * as v from "valibot";
import { AttestationClaimsSchema } from "../claims/claims-schema.js";
import { AttestationError } from "../errors/attestation-error.js";
import { issueError } from "../errors/valibot-issue.js";
import { MAX_ATTESTATION_LENGTH } from "./attestation-header.js";
import { COMPACT_JWS, protectedHeader, type VerifiedAttestation } from "./verify-attestation.js";

/**
 * What an attestation says, read WITHOUT checking its signature: its `kid` and its claims, the
 * shape checked as `verifyAttestation` checks it. For showing an attestation (a document's
 * evidence block prints its kid, instant and edition), never for trusting it: only
 * `verifyAttestation` says who signed it. Throws an AttestationError (`malformed`, `bad_claims`).
 */
export function decodeAttestation(jws: string): VerifiedAttestation {
  if (typeof jws !== "string" || jws.length > MAX_ATTESTATION_LENGTH || !COMPACT_JWS.test(jws)) {
    throw new AttestationError(
      "malformed",
      `not a compact JWS (three base64url parts) of at most ${MAX_ATTESTATION_LENGTH} characters`,
    );
  }
  const { kid } = protectedHeader(jws);
  let value: unknown;
  try {
    const payload = base64url.decode(jws.slice(jws.indexOf(".") + 1, jws.lastIndexOf(".")));
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(payload));
  } catch {
    throw new AttestationError("malformed", "the payload is not base64url JSON text");
  }
  const parsed = v.safeParse(AttestationClaimsSchema, value);
  if (!parsed.success) throw issueError("bad_claims", parsed.issues, "the claims");
  return { claims: parsed.output, kid };
}
