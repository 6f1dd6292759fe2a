import {
  type AttestationClaims,
  type AttestationErrorCode,
  isAttestationError,
  type Jwks,
  verifyAttestation,
} from "@svc/attestations";
import { type AddressRecheck, checkAgainstEdition } from "@svc/ofac-index";
import type { EditionLookup } from "./attested-editions.js";

/**
 * Why an attestation does not hold, one stable code each: the library's refusals (`malformed`,
 * `unknown_kid`, `bad_signature`, `not_canonical`, `bad_claims`, `bad_key`), then the edition
 * check's: `result_mismatch` (re-screened on the attested edition, an address does not get its
 * attested answer) and `edition_mismatch` (the edition found is not the attested one).
 */
export type VerdictCode = AttestationErrorCode | "result_mismatch" | "edition_mismatch";

/** Why the attested edition was not re-screened. */
type EditionUncheckedCode = "edition_unavailable";

/** The attested edition, re-screened (or why not). */
export interface EditionVerdict {
  /** True when the addresses were screened again on the attested edition. */
  readonly checked: boolean;
  /** Why it was not checked, or why the check does not hold; absent when it holds. */
  readonly code?: EditionUncheckedCode | "result_mismatch" | "edition_mismatch";
  /** The edition the attestation names. */
  readonly attested: { readonly datasetSha256: string; readonly datasetDate: string };
  /** Whether the edition re-screened on has the attested SHA-256 (checked only). */
  readonly sameEdition?: boolean;
  /** Whether the edition is the attested one and every address gets its attested answer (checked only). */
  readonly holds?: boolean;
  /** Why it does not hold or was not checked, one line each (empty when it holds). */
  readonly reasons: readonly string[];
  /** Each attested address, its attested and re-screened result and how they differ (checked only). */
  readonly addresses?: readonly AddressRecheck[];
}

/**
 * The answer of `POST /api/attestations/verify`. `valid` is true when a key of this service
 * (current or retired) signed the attestation, it is intact and well formed, and, when the
 * service holds the attested edition, every address re-screened on it gets its attested answer.
 * An edition the service no longer holds leaves `valid` to the signature, with
 * `edition.checked: false` and `edition.code: "edition_unavailable"`.
 */
export interface AttestationVerdict {
  readonly valid: boolean;
  /** Why it is not valid (absent when valid). */
  readonly code?: VerdictCode;
  readonly reason?: string;
  /** The key that signed it (once the signature verified). */
  readonly kid?: string;
  /** The signed claims (once the signature verified). */
  readonly claims?: AttestationClaims;
  /** The edition check (once the signature verified). */
  readonly edition?: EditionVerdict;
}

async function editionVerdict(
  claims: AttestationClaims,
  editions: EditionLookup,
): Promise<EditionVerdict> {
  const attested = {
    datasetSha256: claims.list.datasetSha256,
    datasetDate: claims.list.datasetDate,
  };
  let index: Awaited<ReturnType<EditionLookup>>;
  try {
    index = await editions(attested.datasetSha256);
  } catch {
    index = undefined;
  }
  if (index === undefined) {
    return {
      checked: false,
      code: "edition_unavailable",
      attested,
      reasons: [
        `the service does not hold the attested edition ${attested.datasetSha256} (${attested.datasetDate}): the addresses were not screened again`,
      ],
    };
  }
  const check = checkAgainstEdition(claims, index);
  return {
    checked: true,
    ...(check.holds ? {} : { code: check.sameEdition ? "result_mismatch" : "edition_mismatch" }),
    attested,
    sameEdition: check.sameEdition,
    holds: check.holds,
    reasons: check.reasons,
    addresses: check.addresses,
  };
}

/**
 * Verifies an attestation against the service's own key set, then re-screens its addresses on
 * the attested edition when the service holds it (`checkAgainstEdition` of @svc/ofac-index).
 * Anything the library refuses is a verdict with its code, never a thrown error; a fault is.
 */
export async function attestationVerdict(
  jws: string,
  keys: Jwks,
  editions: EditionLookup,
): Promise<AttestationVerdict> {
  let verified: Awaited<ReturnType<typeof verifyAttestation>>;
  try {
    verified = await verifyAttestation(jws, keys);
  } catch (error) {
    if (!isAttestationError(error)) throw error;
    return { valid: false, code: error.code, reason: error.reason };
  }
  const { claims, kid } = verified;
  const edition = await editionVerdict(claims, editions);
  if (edition.code === "result_mismatch" || edition.code === "edition_mismatch") {
    const [first, ...more] = edition.reasons;
    return {
      valid: false,
      code: edition.code,
      reason: more.length === 0 ? `${first}` : `${first} (and ${more.length} more)`,
      kid,
      claims,
      edition,
    };
  }
  return { valid: true, kid, claims, edition };
}
