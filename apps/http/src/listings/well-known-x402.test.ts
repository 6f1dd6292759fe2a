import { type AnyOperation, CATALOG } from "@svc/compliance";
import { ListLoader } from "@svc/ofac-index/node";
import { atomicUsdc } from "@svc/payments";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unpaidApp } from "./test-support/unpaid-app.js";

// `GET /.well-known/x402` in the format x402scan registers an origin from ("fan-out", version 1):
// its `docs/DISCOVERY.md` (B) and its parser `parseDiscoveryDocument`
// (apps/scan/src/lib/x402/discovery-schema.ts, github.com/Merit-Systems/x402scan before commit
// 0be8155f): `version` must be 1, `resources` an array of strings, each a full URL or a path,
// optionally after an HTTP method and one space; `instructions` a string and `ownershipProofs` an
// array of strings when present. x402scan then probes each resource and registers those that
// answer 402 with a parseable challenge: every one here does, for every paid route of the catalog.
const BASE = "https://screen.example.com";
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
let loader: ListLoader;
let app: Hono;
beforeAll(async () => {
  loader = new ListLoader({ sampleFallback: true });
  await loader.start();
  await loader.settled();
  app = unpaidApp(loader, { baseUrl: BASE });
});
afterAll(async () => {
  await loader?.stop();
});

const PAID = CATALOG.filter((op) => op.price !== undefined);

/** x402scan's reading of one resource entry: its method, if it names one, and its URL. */
function entryOf(resource: string): { method?: string; url: string } {
  const parts = resource.split(" ");
  if (parts.length === 2 && METHODS.includes(parts[0]!))
    return { method: parts[0], url: parts[1]! };
  return { url: resource };
}

const isUrlOrPath = (url: string) =>
  url.startsWith("/") || url.startsWith("https://") || url.startsWith("http://");

/** Whether `url` is a request for `op`'s route: its path, with any `:param` segment filled. */
const namesRoute = (url: string, op: AnyOperation) =>
  new RegExp(`^${op.path.replace(/:\w+/g, "[^/]+")}$`).test(new URL(url).pathname);

describe("GET /.well-known/x402, as x402scan reads it", () => {
  let doc: Record<string, unknown>;
  beforeAll(async () => {
    const res = await app.request(`${BASE}/.well-known/x402`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    doc = (await res.json()) as Record<string, unknown>;
  });

  it("is a version 1 document whose resources are strings x402scan's parser takes, each a method and a URL", () => {
    expect(doc.version).toBe(1);
    expect(Array.isArray(doc.resources)).toBe(true);
    const resources = doc.resources as unknown[];
    expect(resources.length).toBeGreaterThan(0);
    for (const resource of resources) {
      expect(typeof resource).toBe("string");
      const { method, url } = entryOf(resource as string);
      expect(method, String(resource)).toBeDefined();
      expect(isUrlOrPath(url)).toBe(true);
      expect(url.startsWith(`${BASE}/`)).toBe(true);
    }
    expect(typeof doc.instructions).toBe("string");
    expect(doc).not.toHaveProperty("ownershipProofs");
    expect(Object.keys(doc).sort()).toEqual(["instructions", "resources", "version"]);
  });

  it("lists every paid route of the catalog once, under its own method", () => {
    const entries = (doc.resources as string[]).map(entryOf);
    for (const op of PAID) {
      const matching = entries.filter((e) => e.method === op.method && namesRoute(e.url, op));
      expect(matching, `${op.method} ${op.path}`).toHaveLength(1);
    }
    expect(entries).toHaveLength(PAID.length);
  });

  it("every resource, probed as x402scan probes it (no payment), answers 402 with terms in atomic USDC", async () => {
    for (const { method, url } of (doc.resources as string[]).map(entryOf)) {
      const op = PAID.find((o) => o.method === method && namesRoute(url, o))!;
      const res = await app.request(url, { method });
      expect(res.status, `${method} ${url}`).toBe(402);
      const required = decodePaymentRequiredHeader(res.headers.get("PAYMENT-REQUIRED") as string);
      expect(required.accepts.length).toBeGreaterThan(0);
      expect(required.accepts[0]?.amount).toBe(atomicUsdc(op.price));
      expect(required.extensions?.bazaar).toBeDefined();
    }
  });
});
