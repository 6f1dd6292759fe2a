import { answerSchemaOf } from "../listing/answer-schema.js";
import type { DiscoveryContext } from "../listing/discovery-context.js";
import type { Listing } from "../listing/listing.js";
import { requestSchemaOf } from "../listing/request-schema.js";
import { discoveryUrls } from "../service/discovery-paths.js";
import { curlExampleOf } from "./curl-example.js";
import { curlDryRunOf, evmNetworkOf, PAID_CALL_SETUP, typescriptPaidCallOf } from "./paid-call.js";

/**
 * What a route's answer is, in one word: `json` for a plain JSON result, `document` when the
 * JSON carries a generated file (PDF, DOCX, XLSX) in base64.
 */
const outputKindOf = (mimeType: string): "json" | "document" =>
  mimeType === "application/json" ? "json" : "document";

/**
 * The docs of one paid route (a GET on a POST route's URL; for a GET route, on its path up to
 * its first parameter), as data: the JSON answer with `?format=json`, and what the HTML page
 * renders. The price, terms, schema and examples come from the catalog entry, so the page
 * cannot drift from the route: `payment` is the default network's `accepts` entry, `accepts`
 * every network's (the default first); `paidCallExample` pays the example in TypeScript
 * (null where no EVM network is served), `dryRunExample` checks it free with curl,
 * `curlExample` shows its unpaid 402.
 */
export function routeDocsOf(l: Listing, ctx: DiscoveryContext) {
  const urls = discoveryUrls(ctx.baseUrl);
  const network = evmNetworkOf(ctx.terms);
  return {
    title: l.op.title,
    name: l.op.name,
    routeKey: l.routeKey,
    method: l.op.method,
    path: l.op.path,
    url: l.url,
    /** The route filled with its example input (a GET's URL to call; a POST's route). */
    exampleUrl: l.exampleUrl,
    description: l.op.description,
    price: l.price,
    priceUsd: l.priceUsd,
    category: l.op.category,
    tags: [...l.op.tags],
    outputKind: outputKindOf(l.op.mimeType),
    outputMimeType: l.op.mimeType,
    /** Whether a GET on `url` is this page (a POST route's), not the paid call. */
    docsOnlyGet: l.op.method === "POST",
    docsUrl: l.docsUrl ?? null,
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
    curlExample:
      l.op.method === "GET"
        ? curlExampleOf("GET", l.exampleUrl)
        : curlExampleOf("POST", l.url, l.op.inputExample),
    dryRunExample: curlDryRunOf(l),
    paidCallExample: network === undefined ? null : typescriptPaidCallOf(l, network),
    paidCallSetup: PAID_CALL_SETUP,
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
