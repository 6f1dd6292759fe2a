import { type FreeEndpoint, topicOf } from "../service/free-endpoint.js";
import { headerRef, schemaRef } from "./openapi-components.js";

const errorAnswer = (description: string) => ({
  description,
  content: { "application/json": { schema: schemaRef("Error") } },
});

/** `a`, `a or b`, `a, b or c`. */
const either = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;

/**
 * The answers of a free endpoint: on the list, an ETag and 304 on a match (`list_changes` also
 * refuses what names no edition); on a payment, never cached, with the settlement receipt in
 * PAYMENT-RESPONSE once settled. An endpoint with path parameters answers 400 for one that is
 * malformed and 404 when nothing has it.
 */
function responsesOf(e: FreeEndpoint) {
  const params = Object.keys(e.params ?? {});
  const ok =
    topicOf(e) === "list"
      ? {
          "200": {
            description: "The answer; its ETag names the edition(s) it describes.",
            headers: { ETag: { schema: { type: "string" } } },
            content: { "application/json": { schema: { type: "object" } } },
          },
          "304": { description: "Not modified since the ETag sent." },
        }
      : {
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
  return { ...ok, ...lookup };
}

/** A free endpoint as an OpenAPI operation: no payment; its path and query parameters. */
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
  responses: responsesOf(e),
});
