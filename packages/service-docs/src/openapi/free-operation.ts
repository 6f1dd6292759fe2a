import type { FreeEndpoint } from "../service/free-endpoint.js";

/** A free list endpoint as an OpenAPI operation: no payment, an ETag, 304 on a match. */
export const freeOperationOf = (e: FreeEndpoint) => ({
  operationId: e.name,
  summary: e.title,
  description: `${e.description} Free (no payment).`,
  tags: ["list"],
  parameters: [
    ...Object.entries(e.query ?? {}).map(([name, q]) => ({
      name,
      in: "query",
      required: q.required === true,
      description: q.description,
      schema: { type: "string" },
    })),
    {
      name: "If-None-Match",
      in: "header",
      required: false,
      description: "The ETag of an earlier answer: 304 if nothing changed.",
      schema: { type: "string" },
    },
  ],
  responses: {
    "200": {
      description: "The answer; its ETag names the edition(s) it describes.",
      headers: { ETag: { schema: { type: "string" } } },
      content: { "application/json": { schema: { type: "object" } } },
    },
    "304": { description: "Not modified since the ETag sent." },
    ...(e.name === "list_changes"
      ? {
          "400": { description: "from or to is not a SHA-256 or a date." },
          "404": { description: "No stored edition has that SHA-256 or date." },
        }
      : {}),
  },
});
