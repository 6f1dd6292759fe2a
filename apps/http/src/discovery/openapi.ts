import { FREE_ENDPOINTS, type FreeEndpoint } from "../list/free-list-endpoints.js";
import type { DiscoveryContext } from "./discovery-context.js";
import { discoveryUrls } from "./discovery-paths.js";
import { listingsOf } from "./listing.js";
import { OPENAPI_COMPONENTS } from "./openapi-components.js";
import { openApiOperationOf, openApiPath } from "./openapi-operation.js";
import { SERVICE } from "./service-info.js";

const CATEGORY_DESCRIPTIONS: Record<string, string> = {
  screening: "Exact-match screening against OFAC's SDN digital-currency addresses.",
  workflow: "Compliance workflows built on screening: reports, memos, forecasts, queues.",
  document: "PDF, DOCX and XLSX files generated from the shared report model.",
  list: "Free: which sanctions list edition screening runs on, the stored editions and their changes.",
};

/** A free list endpoint as an OpenAPI operation: no payment, an ETag, 304 on a match. */
const freeOperationOf = (e: FreeEndpoint) => ({
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

/** `GET /openapi.json`: OpenAPI 3.1.0 of every paid operation of the catalog. */
export function openApiOf(ctx: DiscoveryContext) {
  const listings = listingsOf(ctx);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const l of listings) {
    const key = openApiPath(l.op.path);
    paths[key] = { ...paths[key], [l.op.method.toLowerCase()]: openApiOperationOf(l) };
  }
  for (const e of FREE_ENDPOINTS) paths[e.path] = { get: freeOperationOf(e) };
  const categories = [...new Set(listings.map((l) => l.op.category))];
  const urls = discoveryUrls(ctx.baseUrl);
  return {
    openapi: "3.1.0",
    info: {
      title: SERVICE.name,
      version: SERVICE.version,
      description: `${SERVICE.description}\n\n${SERVICE.disclaimer}\n\nA GET on a paid POST route returns its human-readable docs; paid execution is the POST with x402 settlement.`,
    },
    servers: [{ url: ctx.baseUrl }],
    externalDocs: { description: "Service overview", url: urls.landing },
    tags: [...categories, "list"].map((name) => ({
      name,
      ...(CATEGORY_DESCRIPTIONS[name] === undefined
        ? {}
        : { description: CATEGORY_DESCRIPTIONS[name] }),
    })),
    paths,
    components: OPENAPI_COMPONENTS,
    "x-discovery": urls,
  };
}
