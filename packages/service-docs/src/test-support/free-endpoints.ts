import type { FreeEndpoint } from "../service/free-endpoint.js";

/**
 * Free endpoints shaped like the service's, for documents built without the app: list endpoints,
 * one without a query and `list_changes` with a required query parameter (OpenAPI gives that one
 * its 400 and 404), and a payment's receipt found by a path parameter.
 */
export const FIXTURE_FREE_ENDPOINTS: readonly FreeEndpoint[] = [
  {
    name: "list_status",
    path: "/api/list",
    title: "Sanctions list status",
    description: "Which edition screening runs on (a test fixture).",
    example: "/api/list",
  },
  {
    name: "list_changes",
    path: "/api/list/changes",
    title: "Changes between editions",
    description: "What changed between two stored editions (a test fixture).",
    query: {
      from: { description: "A stored edition: its SHA-256 or its date.", required: true },
      to: { description: "A stored edition; default: the loaded edition." },
    },
    notFoundCode: "EDITION_NOT_FOUND",
    example: "/api/list/changes?from=2025-03-04&to=2025-03-21",
  },
  {
    name: "payment_receipt",
    path: "/api/payments/{paymentId}",
    title: "Payment receipt",
    description:
      "A payment settled after its answer, and its receipt once settled (a test fixture).",
    topic: "payment",
    params: {
      paymentId: { description: "The X-Payment-Id of the answer.", pattern: "^pay_[0-9a-f]{32}$" },
    },
    notFoundCode: "PAYMENT_NOT_FOUND",
    example: "/api/payments/pay_00000000000000000000000000000000",
  },
];

/**
 * Free attestation endpoints shaped like the service's: a GET key set with its own media type and
 * Cache-Control, and a POST verification with a JSON body and a 200 schema of its own.
 */
export const FIXTURE_ATTESTATION_ENDPOINTS: readonly FreeEndpoint[] = [
  {
    name: "attestation_keys",
    path: "/.well-known/jwks.json",
    title: "Attestation keys",
    description: "The public keys that sign attestations (a test fixture).",
    topic: "attestation",
    answer: {
      description: "The key set (RFC 7517).",
      contentType: "application/jwk-set+json",
      cacheControl: "public, max-age=300",
      schema: { type: "object", required: ["keys"], properties: { keys: { type: "array" } } },
    },
    example: "/.well-known/jwks.json",
  },
  {
    name: "attestation_verify",
    path: "/api/attestations/verify",
    method: "POST",
    title: "Verify an attestation",
    description: "Checks an attestation against the keys (a test fixture).",
    topic: "attestation",
    body: {
      description: "The attestation to check.",
      schema: {
        type: "object",
        properties: { attestation: { type: "string" } },
        required: ["attestation"],
        additionalProperties: false,
      },
      example: { attestation: "eyJhbGciOiJFUzI1NiJ9.e30.c2ln" },
      maxBytes: 4096,
    },
    answer: {
      description: "The verdict.",
      cacheControl: "no-store",
      schema: { type: "object", required: ["valid"], properties: { valid: { type: "boolean" } } },
    },
    example: "/api/attestations/verify",
  },
];
