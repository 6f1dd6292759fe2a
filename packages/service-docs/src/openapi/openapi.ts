import type { DiscoveryContext } from "../listing/discovery-context.js";
import { listingsOf } from "../listing/listing.js";
import { discoveryUrls } from "../service/discovery-paths.js";
import { topicOf } from "../service/free-endpoint.js";
import { SERVICE } from "../service/service-info.js";
import { freeMethodKey, freeOperationOf } from "./free-operation.js";
import { openApiComponentsOf } from "./openapi-components.js";
import { openApiOperationOf, openApiPath } from "./openapi-operation.js";
import { withCorsHeader } from "./with-cors-header.js";

const CATEGORY_DESCRIPTIONS: Record<string, string> = {
  screening: "Exact-match screening against OFAC's SDN digital-currency addresses.",
  workflow: "Compliance workflows built on screening: reports, memos, forecasts, queues.",
  document: "PDF, DOCX and XLSX files generated from the shared report model.",
  list: "Free: which sanctions list edition screening runs on, the stored editions and their changes.",
  payment: "Free: a payment settled after its answer, and its settlement receipt once settled.",
  attestation:
    "Free: every screening answer carries a signed attestation; the public keys that sign them, and their verification.",
  monitor:
    "Free for their owner: the monitors a wallet paid for, read and managed by a Sign-In-With-X proof of that wallet (no account, no key).",
};

/** `GET /openapi.json`: OpenAPI 3.1.0 of every paid operation of the catalog and the free endpoints. */
export function openApiOf(ctx: DiscoveryContext) {
  const listings = listingsOf(ctx);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const l of listings) {
    const key = openApiPath(l.op.path);
    paths[key] = {
      ...paths[key],
      [l.op.method.toLowerCase()]: withCorsHeader(openApiOperationOf(l)),
    };
  }
  for (const e of ctx.freeEndpoints) {
    paths[e.path] = { ...paths[e.path], [freeMethodKey(e)]: withCorsHeader(freeOperationOf(e)) };
  }
  const categories = [...new Set(listings.map((l) => l.op.category))];
  const topics = [...new Set(["list", ...ctx.freeEndpoints.map(topicOf)])];
  const urls = discoveryUrls(ctx.baseUrl);
  return {
    openapi: "3.1.0",
    info: {
      title: SERVICE.name,
      version: SERVICE.version,
      description: `${SERVICE.description}\n\n${SERVICE.disclaimer}\n\nA GET on a paid POST route returns its human-readable docs; paid execution is the POST with x402 settlement.`,
    },
    // A public API: `x-internal: false` says so to documentation tools (and OWASP's inventory rule).
    servers: [{ url: ctx.baseUrl, "x-internal": false }],
    externalDocs: { description: "Service overview", url: urls.landing },
    tags: [...categories, ...topics].map((name) => ({
      name,
      ...(CATEGORY_DESCRIPTIONS[name] === undefined
        ? {}
        : { description: CATEGORY_DESCRIPTIONS[name] }),
    })),
    paths,
    components: openApiComponentsOf(ctx.terms),
    "x-discovery": urls,
  };
}
