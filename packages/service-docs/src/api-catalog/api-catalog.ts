import type { DiscoveryContext } from "../listing/discovery-context.js";
import { type Listing, listingsOf } from "../listing/listing.js";
import { paymentSummaryOf } from "../listing/payment-summary.js";
import { discoveryUrls } from "../service/discovery-paths.js";
import { methodOf, topicOf } from "../service/free-endpoint.js";
import { SERVICE } from "../service/service-info.js";

/** One `catalog[]` entry of `GET /api`: the route, its price and its exact payment terms. */
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
  payment: {
    scheme: l.requirements.scheme,
    network: l.requirements.network,
    asset: l.requirements.asset,
    payTo: l.requirements.payTo,
    amount: l.requirements.amount,
    maxTimeoutSeconds: l.requirements.maxTimeoutSeconds,
  },
});

/**
 * `GET /api` as JSON: the catalog a client or an agent reads first. Every entry's `payment` is
 * `requirementsOf` the route, i.e. exactly the `accepts` entry its 402 carries.
 */
export function apiCatalogOf(ctx: DiscoveryContext) {
  const catalog = listingsOf(ctx).map(catalogEntryOf);
  return {
    name: SERVICE.name,
    description: SERVICE.description,
    version: SERVICE.version,
    baseUrl: ctx.baseUrl,
    endpointCount: catalog.length,
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
