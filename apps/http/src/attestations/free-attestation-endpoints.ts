import { ATTESTATION_ERROR_CODES } from "@svc/attestations";
import { ATTESTATION_PATHS, everyOf, MAX_BATCH_ADDRESSES } from "@svc/compliance";
import { MAX_ADDRESS_LENGTH } from "@svc/ofac-index";
import { jsonSchemaOf } from "@svc/report-model";
import type { FreeEndpoint } from "@svc/service-docs";
import * as v from "valibot";
import type { EditionVerdict, VerdictCode } from "./attestation-verdict.js";

/** The media type of the key set (RFC 7517 §8.5). */
export const KEY_SET_MEDIA_TYPE = "application/jwk-set+json";

/** How long a client or cache may keep the key set: a new key is seen within five minutes. */
const KEY_SET_MAX_AGE_SECONDS = 300;

/** The Cache-Control of the key set: public, cacheable for KEY_SET_MAX_AGE_SECONDS. */
export const KEY_SET_CACHE_CONTROL = `public, max-age=${KEY_SET_MAX_AGE_SECONDS}`;

/**
 * What one attested address takes at most in the claims: three spellings of the longest address
 * screening accepts (as typed, and normalized in the request and in its result), with their JSON
 * members, its status, entry ids and tickers.
 */
const ATTESTED_ADDRESS_BYTES = 3 * MAX_ADDRESS_LENGTH + 256;

/**
 * The rest of an attestation, at most: its header, `issuedAt`, `baseUrl` (a host is at most 261
 * characters), the edition (its source URL), the payment, the signature and the dots.
 */
const ATTESTATION_FIXED_BYTES = 4 * 1024;

/**
 * The longest attestation this service signs: the largest batch (`MAX_BATCH_ADDRESSES`) of the
 * longest addresses, base64url (4 characters for 3 bytes). 141,995 characters; the longest one
 * signed for real is 117,662 (100 bech32 addresses of 256 characters), and 100 listed addresses
 * carrying the most entries of OFAC's list make 34,615.
 */
export const MAX_SIGNED_ATTESTATION_LENGTH = Math.ceil(
  ((ATTESTATION_FIXED_BYTES + MAX_BATCH_ADDRESSES * ATTESTED_ADDRESS_BYTES) * 4) / 3,
);

/**
 * The largest body `POST /api/attestations/verify` reads: the longest attestation the service
 * signs, an eighth more for the line breaks of one copied from a printed appendix (escaped in
 * JSON), and room for the JSON around it: 163,841 bytes. Larger is refused from its
 * Content-Length unread, or cut where a chunked body passes it (413 `PAYLOAD_TOO_LARGE`).
 */
export const MAX_VERIFY_BODY_BYTES =
  MAX_SIGNED_ATTESTATION_LENGTH + Math.ceil(MAX_SIGNED_ATTESTATION_LENGTH / 8) + 4 * 1024;

/**
 * How often one client may verify: 20 at once, then 5 a second (a reviewer checks one
 * attestation at a time; a flood gets 429 `RATE_LIMITED`, its bodies unread).
 */
export const VERIFY_RATE_LIMIT = { burst: 20, perSecond: 5 } as const;

/**
 * The verification request: one compact JWS, nothing else. Whitespace is dropped first: a JWS
 * has none, and one copied from a printed appendix comes in lines.
 */
export const VerifyRequestSchema = v.strictObject({
  attestation: v.pipe(
    v.string("must be the attestation: a compact JWS string"),
    v.transform((jws) => jws.replace(/\s+/g, "")),
    v.minLength(1, "must not be empty"),
    v.maxLength(
      MAX_SIGNED_ATTESTATION_LENGTH,
      `must be at most ${MAX_SIGNED_ATTESTATION_LENGTH} characters`,
    ),
  ),
});

/**
 * The lookup's path parameter: the attestation's fingerprint, 64 hex digits (upper or lower case;
 * spaces and hyphens, as the grouped print reads, are dropped first), lower-cased.
 */
export const FingerprintParamSchema = v.strictObject({
  fingerprint: v.pipe(
    v.string("must be the attestation's fingerprint"),
    v.transform((text) => text.replace(/[\s-]+/g, "")),
    v.regex(
      /^[0-9a-fA-F]{64}$/,
      "must be 64 hex digits: the SHA-256 of the attestation's JWS, as its documents print it",
    ),
    v.toLowerCase(),
  ),
});

/** Every code a verdict can carry: the library's refusals, then the edition check's. */
const VERDICT_CODES = everyOf<VerdictCode>()([
  ...ATTESTATION_ERROR_CODES,
  "result_mismatch",
  "edition_mismatch",
]);

/** Every code of the edition check: why it was not checked, or why it does not hold. */
const EDITION_CODES = everyOf<NonNullable<EditionVerdict["code"]>>()([
  "edition_unavailable",
  "result_mismatch",
  "edition_mismatch",
]);

/** The JSON Schema of the verdict (`AttestationVerdict`), as OpenAPI and `/api` show it. */
const VERDICT_SCHEMA = {
  type: "object",
  required: ["valid"],
  properties: {
    valid: {
      type: "boolean",
      description:
        "A key of this service (current or retired) signed it, it is intact and well formed, and, when the service holds the attested edition, every address re-screened on it gets its attested answer.",
    },
    code: {
      enum: [...VERDICT_CODES],
      description: "Why it is not valid (absent when valid).",
    },
    reason: { type: "string", description: "Why it is not valid, in a sentence." },
    kid: { type: "string", description: "The key that signed it (once the signature verified)." },
    claims: { type: "object", description: "The signed claims (once the signature verified)." },
    edition: {
      type: "object",
      description:
        "The attested edition re-screened (`checked: true`, `holds`, `addresses`), or why not (`checked: false`, `code: edition_unavailable`, when the service no longer holds it).",
      required: ["checked", "attested", "reasons"],
      properties: {
        checked: { type: "boolean" },
        code: { enum: [...EDITION_CODES] },
        attested: {
          type: "object",
          properties: { datasetSha256: { type: "string" }, datasetDate: { type: "string" } },
        },
        sameEdition: { type: "boolean" },
        holds: { type: "boolean" },
        reasons: { type: "array", items: { type: "string" } },
        addresses: { type: "array", items: { type: "object" } },
      },
    },
  },
};

/**
 * The free endpoints that let anyone check a screening attestation, defined once: the routes
 * (`mountAttestations`), `/api`, OpenAPI and the landing page all read them from here, and their
 * paths are `ATTESTATION_PATHS`, the ones every attestation names (`keysUrl`, `verifyUrl`).
 */
export const FREE_ATTESTATION_ENDPOINTS = {
  keys: {
    name: "attestation_keys",
    path: ATTESTATION_PATHS.keys,
    title: "Attestation signing keys",
    description:
      "The service's public signing keys as a JWK Set (RFC 7517): the current key and the retired ones, public halves only. An attestation's `kid` names the key that signed it: verify it offline with this set.",
    topic: "attestation",
    answer: {
      description: `The key set (${KEY_SET_MEDIA_TYPE}), cacheable for ${KEY_SET_MAX_AGE_SECONDS} seconds.`,
      contentType: KEY_SET_MEDIA_TYPE,
      cacheControl: KEY_SET_CACHE_CONTROL,
      schema: {
        type: "object",
        required: ["keys"],
        properties: { keys: { type: "array", items: { type: "object" } } },
      },
    },
    example: ATTESTATION_PATHS.keys,
  },
  verify: {
    name: "attestation_verify",
    path: ATTESTATION_PATHS.verify,
    method: "POST",
    title: "Verify an attestation",
    description:
      "Checks a screening attestation (the `attestation` member of a screening answer, a compact JWS) against the service's keys, then screens its addresses again on the attested edition when the service still holds it. Always 200 with a verdict: `valid`, and when not valid a stable `code` and its `reason`.",
    topic: "attestation",
    body: {
      description: `{"attestation": "<compact JWS>"}; whitespace in the JWS is ignored (one copied from a printed appendix comes in lines); at most ${MAX_SIGNED_ATTESTATION_LENGTH} characters without it (the longest this service signs). At most ${VERIFY_RATE_LIMIT.burst} requests at once per client, then ${VERIFY_RATE_LIMIT.perSecond} a second (429 \`RATE_LIMITED\` with Retry-After past it).`,
      schema: jsonSchemaOf(VerifyRequestSchema),
      // The shape of one (header.claims.signature), not one this service signed: it verifies as `malformed`.
      example: { attestation: "eyJhbGciOiJFZERTQSJ9.eyJ2IjoxfQ.c2lnbmF0dXJl" },
      maxBytes: MAX_VERIFY_BODY_BYTES,
    },
    rateLimit: VERIFY_RATE_LIMIT,
    answer: {
      description: "The verdict (Cache-Control: no-store).",
      cacheControl: "no-store",
      schema: VERDICT_SCHEMA,
    },
    example: ATTESTATION_PATHS.verify,
  },
  lookup: {
    name: "attestation_lookup",
    path: ATTESTATION_PATHS.lookup,
    title: "Look up an attestation by its fingerprint",
    description:
      "An attestation this service issued, found by its fingerprint (the SHA-256 of its compact JWS, which every document prints with a QR code of this URL): the JWS and the verdict of POST /api/attestations/verify on it. 404 `ATTESTATION_NOT_FOUND` for a fingerprint the service did not issue or no longer keeps (past its retention), 400 `INVALID_INPUT` for one that is not 64 hex digits.",
    topic: "attestation",
    params: {
      fingerprint: {
        description:
          "The attestation's fingerprint: 64 hex digits (the grouped form's spaces may be left in, URL-encoded).",
        pattern: "^[0-9a-fA-F]{64}$",
      },
    },
    answer: {
      description: `{fingerprint, attestation, verification}: the JWS and the verdict (Cache-Control: no-store). At most ${VERIFY_RATE_LIMIT.burst} requests at once per client, then ${VERIFY_RATE_LIMIT.perSecond} a second.`,
      cacheControl: "no-store",
      schema: {
        type: "object",
        required: ["fingerprint", "attestation", "verification"],
        properties: {
          fingerprint: { type: "string", pattern: "^[0-9a-f]{64}$" },
          attestation: { type: "string", description: "The compact JWS." },
          verification: VERDICT_SCHEMA,
        },
      },
    },
    notFoundCode: "ATTESTATION_NOT_FOUND",
    rateLimit: VERIFY_RATE_LIMIT,
    example: ATTESTATION_PATHS.lookup.replace("{fingerprint}", "0".repeat(64)),
  },
} as const satisfies Record<string, FreeEndpoint>;
