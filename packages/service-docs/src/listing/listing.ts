import type { AnyOperation } from "@svc/compliance";
import { displayPrice, type PaidResource, requirementsOf } from "@svc/payments";
import type { PaymentRequirements } from "@x402/core/types";
import { defaultTermsOf } from "../networks/served-networks.js";
import { DISCOVERY_PATHS } from "../service/discovery-paths.js";
import type { DiscoveryContext } from "./discovery-context.js";

/**
 * One operation as every discovery document lists it. All of it is derived from the catalog
 * entry and the payment terms, so the catalog, OpenAPI, the inventory and the pages cannot
 * disagree with each other or with the 402 the route answers.
 */
export interface Listing {
  readonly op: AnyOperation;
  /** `POST /api/workflows/…`: how the documents and the pages name a route. */
  readonly routeKey: string;
  /** "$0.04 USDC". */
  readonly price: string;
  readonly priceUsd: number;
  /** The resource URL (the path as a template for GET routes with parameters). */
  readonly url: string;
  /** A URL to try: the GET route filled with its example input; for POST the route itself. */
  readonly exampleUrl: string;
  /**
   * The human docs page: a GET on a paid POST route; for a paid GET route, a GET on its path up
   * to its first parameter (`/api/ofac-wallet-screen`). Undefined when there is none.
   */
  readonly docsUrl: string | undefined;
  /** The same page, relative to the base URL (what the pages link and the app mounts). */
  readonly docsPath: string | undefined;
  /** The default network's `accepts` entry (the first of `accepts`): what a single-network reader takes. */
  readonly requirements: PaymentRequirements;
  /**
   * What the 402 of this route puts in `accepts`: one entry per network paid on, the default
   * first (a Solana entry's `extra.feePayer` is the facilitator's, which only the 402 names).
   */
  readonly accepts: readonly PaymentRequirements[];
}

/** The resource as the payment gate describes it, at `url`. */
const paidResourceOf = (op: AnyOperation, url: string): PaidResource => ({
  price: op.price,
  description: op.description,
  url,
  mimeType: op.mimeType,
});

/** Paths the discovery documents hold: no route's docs page may take one of them. */
const RESERVED_PATHS: ReadonlySet<string> = new Set(Object.values(DISCOVERY_PATHS));

/**
 * Where a route's docs page is, relative to the base URL: a GET on a paid POST route (unless a
 * GET operation shares the path); for a paid GET route, whose GET is the paid call, a GET on its
 * path up to its first parameter (`GET /api/ofac-wallet-screen/:address` →
 * `/api/ofac-wallet-screen`), unless that path is another route's or a discovery document's.
 * Undefined when the route has none (a GET route without parameters, or a taken path).
 */
export function docsPathOf(
  op: AnyOperation,
  operations: readonly AnyOperation[],
): string | undefined {
  if (op.method === "POST") {
    return operations.some((o) => o.method === "GET" && o.path === op.path) ? undefined : op.path;
  }
  const [head = ""] = op.path.split("/:");
  const path = head.replace(/\/+$/, "");
  if (path === op.path || path === "" || RESERVED_PATHS.has(path)) return undefined;
  return operations.some((o) => o.path === path) ? undefined : path;
}

/** Whether the route has a docs page (`docsPathOf`). */
export const hasDocsPage = (op: AnyOperation, operations: readonly AnyOperation[]): boolean =>
  docsPathOf(op, operations) !== undefined;

/** The names of the `:param` segments of a hono path. */
export const pathParamsOf = (path: string): string[] =>
  [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);

/** A GET route filled with an example input: path parameters in place, the rest as the query. */
export function filledUrl(baseUrl: string, path: string, example: unknown): string {
  const input =
    typeof example === "object" && example !== null ? (example as Record<string, unknown>) : {};
  const params = new Set(pathParamsOf(path));
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (whole, name: string) =>
    input[name] === undefined ? whole : encodeURIComponent(String(input[name])),
  );
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (!params.has(key) && value !== undefined && value !== null) query.set(key, String(value));
  }
  const search = query.toString();
  return `${baseUrl}${filled}${search === "" ? "" : `?${search}`}`;
}

export function listingOf(op: AnyOperation, ctx: DiscoveryContext): Listing {
  const url = `${ctx.baseUrl}${op.path}`;
  const resource = paidResourceOf(op, url);
  const accepts = ctx.terms.map((terms) => requirementsOf(resource, terms));
  const docsPath = docsPathOf(op, ctx.operations);
  return {
    op,
    routeKey: `${op.method} ${op.path}`,
    price: displayPrice(op.price),
    priceUsd: Number(op.price),
    url,
    exampleUrl: op.method === "GET" ? filledUrl(ctx.baseUrl, op.path, op.inputExample) : url,
    docsUrl: docsPath === undefined ? undefined : `${ctx.baseUrl}${docsPath}`,
    docsPath,
    requirements: requirementsOf(resource, defaultTermsOf(ctx.terms)),
    accepts,
  };
}

/** Every operation of the context, listed. */
export const listingsOf = (ctx: DiscoveryContext): Listing[] =>
  ctx.operations.map((op) => listingOf(op, ctx));
