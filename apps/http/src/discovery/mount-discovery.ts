import { type AnyOperation, type ComplianceDeps, listStatusOf } from "@svc/compliance";
import type { PaymentTerms } from "@svc/payments";
import {
  apiCatalogOf,
  apiCatalogPage,
  type Companions,
  DEVNET_INFO_PATH,
  DISCOVERY_PATHS,
  type DiscoveryContext,
  docsPathOf,
  type FreeEndpoint,
  inventoryOf,
  landingPage,
  listingOf,
  methodOf,
  openApiOf,
  routeDocsOf,
  routeDocsPage,
  wellKnownX402Of,
} from "@svc/service-docs";
import type { Context, Hono } from "hono";
import { FREE_ATTESTATION_ENDPOINTS } from "../attestations/free-attestation-endpoints.js";
import { htmlResponse, jsonResponse } from "../docs/html-response.js";
import { representationOf } from "../docs/negotiation.js";
import { FREE_ENDPOINTS } from "../list/free-list-endpoints.js";
import { MONITOR_OWNER_ENDPOINT_LIST } from "../monitors/owner-api/owner-api-endpoints.js";
import { FREE_PAYMENT_ENDPOINTS, routePathOf } from "../payments/free-payment-endpoints.js";
import { requestBaseUrl } from "./request-base-url.js";

export interface DiscoveryOptions {
  /** The paid operations (the catalog), in the order the documents list them. */
  readonly operations: readonly AnyOperation[];
  /**
   * The payment terms the gates use, one per network paid on, the default first: the documents
   * state exactly what each 402 says.
   */
  readonly terms: readonly PaymentTerms[];
  /**
   * The public base URL (`PUBLIC_BASE_URL`), e.g. `https://screen.example.com`. When undefined
   * it is derived per request from the Host header (and `X-Forwarded-Proto`), so the documents
   * name the address the client used; set it in production behind a proxy.
   */
  readonly baseUrl?: string | undefined;
  /** The list screened against: the documents say which edition it is (free). */
  readonly list?: ComplianceDeps["list"] | undefined;
}

/** Whether the app serves `method` on exactly this route path. */
const serves = (app: Hono, method: string, path: string): boolean =>
  app.routes.some(
    (r) =>
      (r.method === method || r.method === "ALL") &&
      // A parameter's pattern (`:id{mon_[^/]+}`) aside, the same path.
      r.path.replace(/(:[A-Za-z0-9_]+)\{[^}]*\}/g, "$1") === path,
  );

/**
 * Whether the app serves a GET on exactly this path: the MCP docs and server card are mounted by
 * their own module (`mountMcp`, which `createApp` always calls), so pages link them only when
 * they are there.
 */
const servesGet = (app: Hono, path: string): boolean => serves(app, "GET", path);

/** Whether the app serves a free endpoint: its method on its route. */
const servesEndpoint = (app: Hono, e: FreeEndpoint): boolean =>
  serves(app, methodOf(e), routePathOf(e));

/**
 * Mounts the discovery documents and the human docs, all derived from the catalog and the
 * payment terms on every request (nothing to keep in sync):
 *
 * - `GET /`: the landing page (JSON catalog for a client that asks for JSON);
 * - `GET /api`: the catalog, JSON (HTML for browsers);
 * - `GET /openapi.json`: OpenAPI 3.1;
 * - `GET /.well-known/x402-aurelian.json`: the x402 inventory (`/mcp`, `/mcp/docs` and the MCP
 *   server card are mounted by `mountMcp`);
 * - `GET /.well-known/x402`: the paid resources in the discovery document x402scan reads;
 * - each route's docs page (`docsPathOf`), HTML (JSON with `?format=json` or
 *   `Accept: application/json`): a GET on each paid POST route (a separate GET route: the POST
 *   keeps its payment gate), and for a paid GET route a GET on its path up to its first
 *   parameter (`/api/ofac-wallet-screen`). HEAD is answered by the same handlers.
 *
 * None of these is paid.
 */
export function mountDiscovery(app: Hono, options: DiscoveryOptions): void {
  const baseUrlOf = requestBaseUrl(options.baseUrl);
  const lastUpdated = new Date().toISOString();
  const list = options.list;
  // The receipts of payments settled after their answer, and the attestation keys and their
  // verification, and the monitors' owner API, are listed only where they are served
  // (`mountPaymentReceipts` and `mountMonitorOwnerApi`, when the app has a ledger;
  // `mountAttestations`, when it has a signing key).
  const freeEndpoints = (): readonly FreeEndpoint[] => [
    ...FREE_ENDPOINTS,
    ...[
      ...Object.values(FREE_PAYMENT_ENDPOINTS),
      ...Object.values(FREE_ATTESTATION_ENDPOINTS),
      ...MONITOR_OWNER_ENDPOINT_LIST,
    ].filter((e) => servesEndpoint(app, e)),
  ];
  const terms = options.terms;
  const contextOf = (c: Context): DiscoveryContext => ({
    operations: options.operations,
    terms,
    baseUrl: baseUrlOf(c),
    freeEndpoints: freeEndpoints(),
    ...(list === undefined ? {} : { list: listStatusOf(list).data }),
  });
  const companions = (): Companions => ({
    mcpDocs: servesGet(app, DISCOVERY_PATHS.mcpDocs),
    serverCard: servesGet(app, DISCOVERY_PATHS.serverCard),
    // Development only: its funded payers (`mountDevnetInfo`), mounted once the devnet runs.
    devnet: servesGet(app, DEVNET_INFO_PATH),
  });

  app.get(DISCOVERY_PATHS.landing, (c) => {
    const ctx = contextOf(c);
    return representationOf(c, "html") === "json"
      ? jsonResponse(c, apiCatalogOf(ctx), true)
      : htmlResponse(c, landingPage(ctx, companions()), true);
  });

  app.get(DISCOVERY_PATHS.api, (c) => {
    const ctx = contextOf(c);
    const catalog = apiCatalogOf(ctx);
    return representationOf(c, "json") === "json"
      ? jsonResponse(c, catalog, true)
      : htmlResponse(c, apiCatalogPage(ctx, catalog, companions()), true);
  });

  app.get(DISCOVERY_PATHS.openapi, (c) => jsonResponse(c, openApiOf(contextOf(c)), false));

  app.get(DISCOVERY_PATHS.inventory, (c) =>
    jsonResponse(c, inventoryOf(contextOf(c), lastUpdated), false),
  );

  app.get(DISCOVERY_PATHS.wellKnownX402, (c) =>
    jsonResponse(c, wellKnownX402Of(contextOf(c)), false),
  );

  for (const op of options.operations) {
    const docsPath = docsPathOf(op, options.operations);
    if (docsPath === undefined) continue;
    app.get(docsPath, (c) => {
      const ctx = contextOf(c);
      const docs = routeDocsOf(listingOf(op, ctx), ctx);
      return representationOf(c, "html") === "json"
        ? jsonResponse(c, docs, true)
        : htmlResponse(c, routeDocsPage(docs, companions()), true);
    });
  }
}
