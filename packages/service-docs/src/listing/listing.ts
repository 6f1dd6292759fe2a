import type { AnyOperation } from "@svc/compliance";
import { displayPrice, type PaidResource, requirementsOf } from "@svc/payments";
import type { PaymentRequirements } from "@x402/core/types";
import { defaultTermsOf } from "../networks/served-networks.js";
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
  /** The human docs page (a GET on the paid POST route), or undefined when there is none. */
  readonly docsUrl: string | undefined;
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

/**
 * Whether GET on the route is its docs page: only for POST routes, and only when no GET
 * operation shares the path (GET /api/ofac-wallet-screen/:address is a paid GET, so it has no docs page).
 */
export const hasDocsPage = (op: AnyOperation, operations: readonly AnyOperation[]): boolean =>
  op.method === "POST" && !operations.some((o) => o.method === "GET" && o.path === op.path);

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
  return {
    op,
    routeKey: `${op.method} ${op.path}`,
    price: displayPrice(op.price),
    priceUsd: Number(op.price),
    url,
    exampleUrl: op.method === "GET" ? filledUrl(ctx.baseUrl, op.path, op.inputExample) : url,
    docsUrl: hasDocsPage(op, ctx.operations) ? url : undefined,
    requirements: requirementsOf(resource, defaultTermsOf(ctx.terms)),
    accepts,
  };
}

/** Every operation of the context, listed. */
export const listingsOf = (ctx: DiscoveryContext): Listing[] =>
  ctx.operations.map((op) => listingOf(op, ctx));
