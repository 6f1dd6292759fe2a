import { answerSchemaOf } from "../listing/answer-schema.js";
import type { DiscoveryContext } from "../listing/discovery-context.js";
import type { Listing } from "../listing/listing.js";
import { requestSchemaOf } from "../listing/request-schema.js";
import { discoveryUrls } from "../service/discovery-paths.js";
import { curlExampleOf } from "./curl-example.js";

/**
 * What a route's answer is, in one word: `json` for a plain JSON result, `document` when the
 * JSON carries a generated file (PDF, DOCX, XLSX) in base64.
 */
const outputKindOf = (mimeType: string): "json" | "document" =>
  mimeType === "application/json" ? "json" : "document";

/**
 * The docs of one paid POST route (a GET on its URL), as data: the JSON answer with
 * `?format=json`, and what the HTML page renders. The price, terms and schema come from the
 * catalog entry, so the page cannot drift from the route: `payment` is the default network's
 * `accepts` entry, `accepts` every network's (the default first).
 */
export function routeDocsOf(l: Listing, ctx: DiscoveryContext) {
  const urls = discoveryUrls(ctx.baseUrl);
  return {
    title: l.op.title,
    name: l.op.name,
    routeKey: l.routeKey,
    method: l.op.method,
    path: l.op.path,
    url: l.url,
    description: l.op.description,
    price: l.price,
    priceUsd: l.priceUsd,
    category: l.op.category,
    tags: [...l.op.tags],
    outputKind: outputKindOf(l.op.mimeType),
    outputMimeType: l.op.mimeType,
    docsOnlyGet: true as const,
    payment: {
      protocol: "x402",
      x402Version: 2,
      ...l.requirements,
    },
    accepts: [...l.accepts],
    requestSchema: requestSchemaOf(l.op),
    requestExample: l.op.inputExample as unknown,
    answerSchema: answerSchemaOf(l.op),
    outputExample: l.op.outputExample,
    curlExample: curlExampleOf("POST", l.url, l.op.inputExample),
    links: {
      catalog: urls.api,
      openapi: urls.openapi,
      mcpDocs: urls.mcpDocs,
      inventory: urls.inventory,
      landing: urls.landing,
    },
  };
}

export type RouteDocs = ReturnType<typeof routeDocsOf>;
