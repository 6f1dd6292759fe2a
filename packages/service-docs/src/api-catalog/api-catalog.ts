import type { PaymentRequirements } from "@x402/core/types";
import type { DiscoveryContext } from "../listing/discovery-context.js";
import { type Listing, listingsOf } from "../listing/listing.js";
import { paymentSummaryOf } from "../listing/payment-summary.js";
import { DOCS_URL_FORMATS } from "../openapi/openapi-operation.js";
import { discoveryUrls } from "../service/discovery-paths.js";
import { methodOf, topicOf } from "../service/free-endpoint.js";
import { SERVICE } from "../service/service-info.js";

/** The terms of one way to pay a route, as the catalog states them (an `accepts` entry without `extra`). */
const paymentOf = (r: PaymentRequirements) => ({
  scheme: r.scheme,
  network: r.network,
  asset: r.asset,
  payTo: r.payTo,
  amount: r.amount,
  maxTimeoutSeconds: r.maxTimeoutSeconds,
});

/**
 * One `catalog[]` entry of `GET /api`: the route, its price and its exact payment terms: on the
 * default network (`payment`), and on every network paid on (`accepts`, the default first).
 */
const catalogEntryOf = (l: Listing) => ({
  name: l.op.name,
  title: l.op.title,
  method: l.op.method,
  path: l.op.path,
  price: l.price,
  priceUsd: l.priceUsd,
  description: l.op.description,
  category: l.op.category,
  tags: [...l.op.tags],
  routeKey: l.routeKey,
  exampleUrl: l.exampleUrl,
  docsUrl: l.docsUrl ?? null,
  mimeType: l.op.mimeType,
  payment: paymentOf(l.requirements),
  accepts: l.accepts.map(paymentOf),
});

/**
 * `GET /api` as JSON: the catalog a client or an agent reads first. Every entry's `accepts` are
 * `requirementsOf` the route on each network, i.e. the `accepts` entries its 402 carries (without
 * `extra`), and its `payment` the first of them.
 */
export function apiCatalogOf(ctx: DiscoveryContext) {
  const catalog = listingsOf(ctx).map(catalogEntryOf);
  return {
    name: SERVICE.name,
    description: SERVICE.description,
    version: SERVICE.version,
    baseUrl: ctx.baseUrl,
    endpointCount: catalog.length,
    /** How each entry's `docsUrl` is read: HTML by default, JSON on asking for it. */
    docsUrlFormats: DOCS_URL_FORMATS,
    catalog,
    free: ctx.freeEndpoints.map((e) => ({
      name: e.name,
      method: methodOf(e),
      path: e.path,
      title: e.title,
      description: e.description,
      topic: topicOf(e),
      ...(e.params === undefined ? {} : { params: e.params }),
      ...(e.query === undefined ? {} : { query: e.query }),
      ...(e.body === undefined ? {} : { body: e.body }),
      exampleUrl: `${ctx.baseUrl}${e.example}`,
      price: "free",
    })),
    ...(ctx.list === undefined
      ? {}
      : {
          list: {
            status: ctx.list.status,
            datasetDate: ctx.list.sourceFreshness?.datasetDate ?? null,
            datasetSha256: ctx.list.sourceFreshness?.datasetSha256 ?? null,
          },
        }),
    payment: paymentSummaryOf(ctx),
    discovery: discoveryUrls(ctx.baseUrl),
  };
}

export type ApiCatalog = ReturnType<typeof apiCatalogOf>;
