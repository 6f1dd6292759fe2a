import {
  type FreeAnswer,
  type FreeBody,
  type FreeEndpoint,
  methodOf,
  topicOf,
} from "../service/free-endpoint.js";
import { headerRef, schemaRef } from "./openapi-components.js";

const errorAnswer = (description: string) => ({
  description,
  content: { "application/json": { schema: schemaRef("Error") } },
});

/** `a`, `a or b`, `a, b or c`. */
const either = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;

/** A 200 the endpoint describes itself: its media type, its Cache-Control, its schema. */
const statedAnswer = (a: FreeAnswer) => ({
  "200": {
    description: a.description,
    ...(a.cacheControl === undefined
      ? {}
      : { headers: { "Cache-Control": { schema: { type: "string", const: a.cacheControl } } } }),
    content: { [a.contentType ?? "application/json"]: { schema: a.schema ?? { type: "object" } } },
  },
});

/**
 * The 200 of a free endpoint: the one it states, else by topic: on the list, an ETag and 304 on
 * a match; on a payment, never cached, with the settlement receipt in PAYMENT-RESPONSE once
 * settled; otherwise a JSON object.
 */
function okOf(e: FreeEndpoint) {
  const topic = topicOf(e);
  const notModified =
    topic === "list" ? { "304": { description: "Not modified since the ETag sent." } } : {};
  if (e.answer !== undefined) return { ...statedAnswer(e.answer), ...notModified };
  if (topic === "list") {
    return {
      "200": {
        description: "The answer; its ETag names the edition(s) it describes.",
        headers: { ETag: { schema: { type: "string" } } },
        content: { "application/json": { schema: { type: "object" } } },
      },
      ...notModified,
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
        content: { "application/json": { schema: { type: "object" } } },
      },
    };
  }
  return {
    "200": {
      description: "The answer.",
      content: { "application/json": { schema: { type: "object" } } },
    },
  };
}

/**
 * The refusals of a JSON body, as every body-reading route of the service answers them: too
 * large (from its Content-Length, unread), not JSON, or not what its schema says.
 */
const bodyRefusals = (b: FreeBody) => ({
  "400": errorAnswer(
    "The body is not valid JSON (code MALFORMED_JSON), or not what its schema says (code INVALID_INPUT, with each issue's field path).",
  ),
  "413": errorAnswer(
    `The body is over ${b.maxBytes} bytes (code PAYLOAD_TOO_LARGE); it is not read.`,
  ),
  "415": errorAnswer("The body is not JSON (code UNSUPPORTED_MEDIA_TYPE)."),
});

/**
 * The answers of a free endpoint: its 200 (`okOf`); a body's refusals; with path parameters,
 * 400 for one that is malformed and 404 when nothing has it (`list_changes` also refuses what
 * names no edition).
 */
function responsesOf(e: FreeEndpoint) {
  const params = Object.keys(e.params ?? {});
  const lookup =
    params.length > 0
      ? {
          "400": errorAnswer(`${either(params)} is malformed (code INVALID_INPUT).`),
          "404": errorAnswer(`Nothing has that ${either(params)}.`),
        }
      : e.name === "list_changes"
        ? {
            "400": { description: "from or to is not a SHA-256 or a date." },
            "404": { description: "No stored edition has that SHA-256 or date." },
          }
        : {};
  return { ...okOf(e), ...(e.body === undefined ? {} : bodyRefusals(e.body)), ...lookup };
}

/**
 * A free endpoint as an OpenAPI operation (under its method, `methodOf`): no payment; its path
 * and query parameters, and the JSON body a POST reads.
 */
export const freeOperationOf = (e: FreeEndpoint) => ({
  operationId: e.name,
  summary: e.title,
  description: `${e.description} Free (no payment).`,
  tags: [topicOf(e)],
  parameters: [
    ...Object.entries(e.params ?? {}).map(([name, p]) => ({
      name,
      in: "path",
      required: true,
      description: p.description,
      schema: { type: "string", ...(p.pattern === undefined ? {} : { pattern: p.pattern }) },
    })),
    ...Object.entries(e.query ?? {}).map(([name, q]) => ({
      name,
      in: "query",
      required: q.required === true,
      description: q.description,
      schema: { type: "string" },
    })),
    ...(topicOf(e) === "list"
      ? [
          {
            name: "If-None-Match",
            in: "header",
            required: false,
            description: "The ETag of an earlier answer: 304 if nothing changed.",
            schema: { type: "string" },
          },
        ]
      : []),
  ],
  ...(e.body === undefined
    ? {}
    : {
        requestBody: {
          required: true,
          description: e.body.description,
          content: { "application/json": { schema: e.body.schema, example: e.body.example } },
        },
      }),
  responses: responsesOf(e),
});

/** The OpenAPI method key of a free endpoint: `get` or `post`. */
export const freeMethodKey = (e: FreeEndpoint): "get" | "post" =>
  methodOf(e) === "POST" ? "post" : "get";
