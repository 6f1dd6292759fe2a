import {
  type FreeAnswer,
  type FreeBody,
  type FreeEndpoint,
  methodOf,
  topicOf,
} from "../service/free-endpoint.js";
import {
  bodyRefusals,
  errorResponse,
  everyRouteRefusals,
  rateLimited,
  TRANSPORT_CODES,
} from "./error-responses.js";
import { SIGN_IN_SECURITY } from "./openapi-components.js";
import { headerRef } from "./openapi-refs.js";
import { bodyBound, boundedRequestSchema } from "./request-bounds.js";
import { MAX_HEADER_BYTES, MAX_TARGET_LENGTH } from "./request-limits.js";

/** `a`, `a or b`, `a, b or c`. */
const either = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;

/** A free answer's JSON Schema: the one it states, else a JSON object. */
const schemaOf = (a: FreeAnswer | undefined) => a?.schema ?? { type: "object" };

/** A 200 the endpoint describes itself: its media type, its Cache-Control, its schema. */
const statedAnswer = (a: FreeAnswer) => ({
  "200": {
    description: a.description,
    ...(a.cacheControl === undefined
      ? {}
      : { headers: { "Cache-Control": { schema: { type: "string", const: a.cacheControl } } } }),
    content: { [a.contentType ?? "application/json"]: { schema: schemaOf(a) } },
  },
});

/**
 * The 200 of a free endpoint: on the list, an ETag (and 304 on a match), never cached unchecked;
 * on a payment, never cached, with the settlement receipt in PAYMENT-RESPONSE once settled;
 * otherwise the one it states. Its schema is the one it states (the MCP tool's answer schema
 * where a tool answers the same), else a JSON object.
 */
function okOf(e: FreeEndpoint) {
  const topic = topicOf(e);
  if (topic === "list") {
    return {
      "200": {
        description:
          e.answer?.description ?? "The answer; its ETag names the edition(s) it describes.",
        headers: {
          ETag: { schema: { type: "string" } },
          "Cache-Control": { schema: { type: "string", const: "no-cache" } },
        },
        content: { "application/json": { schema: schemaOf(e.answer) } },
      },
      "304": { description: "Not modified since the ETag sent." },
    };
  }
  if (topic === "payment") {
    return {
      "200": {
        description:
          "The answer (Cache-Control: no-store); once the payment is settled, its receipt is also in PAYMENT-RESPONSE.",
        headers: {
          "Cache-Control": { schema: { type: "string", const: "no-store" } },
          "PAYMENT-RESPONSE": headerRef("PaymentResponse"),
        },
        content: { "application/json": { schema: schemaOf(e.answer) } },
      },
    };
  }
  if (e.answer !== undefined) return statedAnswer(e.answer);
  return {
    "200": {
      description: "The answer.",
      content: { "application/json": { schema: schemaOf(undefined) } },
    },
  };
}

/** What its 400 says: a malformed parameter, a refused body, or only a refused request target. */
function badRequestOf(e: FreeEndpoint, named: readonly string[]) {
  const body = [
    ...(e.body === undefined ? [] : [TRANSPORT_CODES.malformedJson]),
    ...(e.signIn === true ? ["SIWX_MALFORMED"] : []),
  ];
  const input = named.length > 0 || e.body !== undefined ? [TRANSPORT_CODES.invalidInput] : [];
  const said = [
    ...(named.length > 0 ? [`${either(named)} is malformed`] : []),
    ...(e.body === undefined ? [] : ["the body is not JSON or not what its schema says"]),
    ...(e.signIn === true ? ["the SIGN-IN-WITH-X header is not a proof"] : []),
  ];
  return everyRouteRefusals(
    [...body, ...input],
    said.length === 0
      ? "The request target was refused."
      : `${capitalized(said.join(", or "))} (with each issue's field path).`,
  );
}

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * The answers of a free endpoint: its 200 (`okOf`); 400 (what it refuses), 414 and 500 as every
 * route; a body's refusals (413, 415); with a lookup, 404 when nothing has what was named; with
 * a rate, 429.
 */
function responsesOf(e: FreeEndpoint) {
  const named = [...Object.keys(e.params ?? {}), ...Object.keys(e.query ?? {})];
  return {
    ...okOf(e),
    ...badRequestOf(e, named),
    ...(e.notFoundCode === undefined && e.params === undefined
      ? {}
      : {
          "404": errorResponse(
            `Nothing has that ${either(named)}.`,
            e.notFoundCode === undefined ? [] : [e.notFoundCode],
          ),
        }),
    ...(e.body === undefined ? {} : bodyRefusals(e.body.maxBytes)),
    ...(e.signIn === true ? signInRefusals() : {}),
    ...(e.rateLimit === undefined ? {} : rateLimited(e.rateLimit.burst, e.rateLimit.perSecond)),
  };
}

/**
 * The answers of an endpoint that answers only the wallet that signs in: 402 with the challenge
 * (no proof), 401 (a proof refused). A malformed proof is among its 400s.
 */
const signInRefusals = () => ({
  "402": {
    ...errorResponse(
      'No SIGN-IN-WITH-X proof: PAYMENT-REQUIRED carries the sign-in challenge (x402 v2, `accepts: []`, `extensions["sign-in-with-x"]`); nothing is to be paid.',
      ["SIWX_REQUIRED"],
    ),
    headers: { "PAYMENT-REQUIRED": headerRef("PaymentRequired") },
  },
  "401": errorResponse(
    "The proof was refused: signed for another service (SIWX_WRONG_AUDIENCE), not fresh (SIWX_EXPIRED), used already (SIWX_REPLAYED), its signature not the address's (SIWX_BAD_SIGNATURE), or on a chain not taken (SIWX_UNSUPPORTED_CHAIN).",
    [
      "SIWX_WRONG_AUDIENCE",
      "SIWX_EXPIRED",
      "SIWX_REPLAYED",
      "SIWX_BAD_SIGNATURE",
      "SIWX_UNSUPPORTED_CHAIN",
    ],
  ),
});

/** A path or query parameter's schema: a string, its pattern, and the length it can have. */
const parameterSchema = (pattern: string | undefined) =>
  boundedRequestSchema(
    { type: "string", ...(pattern === undefined ? {} : { pattern }) },
    { maxLength: MAX_TARGET_LENGTH },
  );

/** The JSON body a free POST reads: an object, each string and list bounded. */
const requestBodyOf = (b: FreeBody) => ({
  required: true,
  description: b.description,
  content: {
    "application/json": {
      schema: boundedRequestSchema(b.schema, bodyBound(b.maxBytes)),
      example: b.example,
    },
  },
});

/**
 * A free endpoint as an OpenAPI operation (under its method, `methodOf`): no payment (`security:
 * []`); its path and query parameters, and the JSON body a POST reads.
 */
export const freeOperationOf = (e: FreeEndpoint) => ({
  operationId: e.name,
  summary: e.title,
  description: `${e.description} Free (no payment)${e.signIn === true ? "; only for the wallet that signs in (SIGN-IN-WITH-X)" : ""}.`,
  tags: [topicOf(e)],
  security: e.signIn === true ? SIGN_IN_SECURITY : [],
  parameters: [
    ...Object.entries(e.params ?? {}).map(([name, p]) => ({
      name,
      in: "path",
      required: true,
      description: p.description,
      schema: parameterSchema(p.pattern),
    })),
    ...Object.entries(e.query ?? {}).map(([name, q]) => ({
      name,
      in: "query",
      required: q.required === true,
      description: q.description,
      schema: parameterSchema(q.pattern),
    })),
    ...(topicOf(e) === "list"
      ? [
          {
            name: "If-None-Match",
            in: "header",
            required: false,
            description: "The ETag of an earlier answer: 304 if nothing changed.",
            schema: { type: "string", maxLength: MAX_HEADER_BYTES },
          },
        ]
      : []),
  ],
  ...(e.body === undefined ? {} : { requestBody: requestBodyOf(e.body) }),
  responses: responsesOf(e),
});

/** The OpenAPI method key of a free endpoint: `get`, `post`, `patch` or `delete`. */
export const freeMethodKey = (e: FreeEndpoint): "get" | "post" | "patch" | "delete" =>
  methodOf(e).toLowerCase() as "get" | "post" | "patch" | "delete";
