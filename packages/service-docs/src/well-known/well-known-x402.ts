import type { DiscoveryContext } from "../listing/discovery-context.js";
import { listingsOf } from "../listing/listing.js";
import { DISCOVERY_PATHS } from "../service/discovery-paths.js";

/**
 * `GET /.well-known/x402`: every paid resource of the service, in the discovery document x402scan
 * reads to register an origin's resources (its "fan-out" format, version 1):
 * `{ version: 1, resources: string[], instructions?: string }`, each resource a URL, optionally
 * after its HTTP method ("POST https://…"). The format is x402scan's `docs/DISCOVERY.md` ("B)
 * `/.well-known/x402` Fan-Out") and its parser `parseDiscoveryDocument` in
 * `apps/scan/src/lib/x402/discovery-schema.ts` (github.com/Merit-Systems/x402scan, removed in
 * commit 0be8155f when the parsing moved to @agentcash/discovery, which reads OpenAPI first).
 *
 * x402scan probes each URL and registers what answers 402, so each is one the route answers with
 * its 402: a GET route filled with its example input (a template is no URL it could call), a POST
 * route itself (a paid POST answers 402 before reading its body). No `ownershipProofs`: they are
 * signatures by the payee's key, which the service does not hold.
 */
export function wellKnownX402Of(ctx: DiscoveryContext) {
  return {
    version: 1 as const,
    resources: listingsOf(ctx).map((l) => `${l.op.method} ${l.exampleUrl}`),
    instructions: `Every resource is paid per call in USDC over x402 (v2, and v1): call it unpaid for its 402 terms, pay one of its accepts and repeat the call with the payment. Input and answer schemas, prices and the 402 terms of each are in the OpenAPI document at ${ctx.baseUrl}${DISCOVERY_PATHS.openapi} (x-payment-info on each operation).`,
  };
}
