import { type AnyOperation, CATALOG } from "@svc/compliance";
import { ICON_PNG_PATH, TOOLS } from "@svc/mcp-server";
import { ListLoader } from "@svc/ofac-index/node";
import { ListingError } from "@svc/payments";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import {
  type DiscoveryExtension,
  extractDiscoveryInfo,
  isValidIconUrl,
  isValidRouteTemplate,
  isValidServiceName,
  sanitizeTags,
  validateBazaarRouteExtensions,
  validateDiscoveryExtension,
  validateDiscoveryExtensionSpec,
} from "@x402/extensions/bazaar";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { unpaidApp } from "./test-support/unpaid-app.js";

// Every paid route's and every paid tool's listing, as the x402 Bazaar reads it: the `bazaar`
// extension and the `resource` of the real 402 (the PAYMENT-REQUIRED header an x402 v2 client
// pays from and echoes) and of the real unpaid tool result, checked with @x402/extensions' own
// validators. The routes and tools are the catalog's, whatever it holds. No chain is needed: the
// facilitator (the devnet's, in this process) is only asked what it supports.
const BASE = "https://screen.example.com";
let loader: ListLoader;
const appWith = (options: { baseUrl?: string; operations?: readonly AnyOperation[] } = {}) =>
  unpaidApp(loader, options);
let app: Hono;
beforeAll(async () => {
  loader = new ListLoader({ sampleFallback: true });
  await loader.start();
  await loader.settled();
  app = appWith({ baseUrl: BASE });
});
afterAll(async () => {
  await loader?.stop();
});

const PAID = CATALOG.filter((op) => op.price !== undefined);
const PAID_TOOLS = TOOLS.filter((tool) => tool.pricing.kind === "paid");

/** The operation's path filled with `input` (its example by default). */
const filled = (op: AnyOperation, input = op.inputExample as Record<string, unknown>) =>
  op.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(input[name])));

/** The v2 PaymentRequired of an unpaid call of `op` at `path`, as an x402 v2 client reads it. */
async function challengeOf(target: Hono, op: AnyOperation, path = filled(op)) {
  const res = await target.request(`${BASE}${path}`, {
    method: op.method,
    ...(op.method === "POST"
      ? { body: "{}", headers: { "Content-Type": "application/json" } }
      : {}),
  });
  expect(res.status).toBe(402);
  return decodePaymentRequiredHeader(res.headers.get("PAYMENT-REQUIRED") as string);
}

/** The unpaid result of a tool, as an MCP client reads it. */
async function toolChallengeOf(name: string, args: unknown): Promise<PaymentRequired> {
  const res = await app.request(`${BASE}/mcp`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      "MCP-Protocol-Version": "2025-06-18",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name, arguments: args },
    }),
  });
  const { result } = (await res.json()) as { result: { structuredContent: PaymentRequired } };
  return result.structuredContent;
}

/** What the Bazaar's facilitator catalogues from a payment that echoes `required`. */
const catalogued = (required: PaymentRequired) =>
  extractDiscoveryInfo(
    {
      x402Version: 2,
      resource: required.resource,
      accepted: required.accepts[0]!,
      payload: {},
      ...(required.extensions === undefined ? {} : { extensions: required.extensions }),
    },
    required.accepts[0]!,
  );

/** The checks @x402/extensions makes of any declaration (a route's or a tool's): none may fail. */
function expectValid(bazaar: unknown) {
  expect(validateDiscoveryExtensionSpec(bazaar as Record<string, unknown>)).toEqual({
    valid: true,
  });
  expect(validateDiscoveryExtension(bazaar as DiscoveryExtension)).toEqual({ valid: true });
}

/**
 * And the one it makes of an HTTP route's configuration at a server's start
 * (`validateBazaarRouteExtensions`, which warns rather than returns): no warning. (It is for
 * routes only: it gives a declaration without a method the route's, which an MCP one must not have.)
 */
function expectValidRoute(pattern: string, bazaar: unknown) {
  expectValid(bazaar);
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  try {
    validateBazaarRouteExtensions({ [pattern]: { accepts: [], extensions: { bazaar } } } as never);
    expect(warn).not.toHaveBeenCalled();
  } finally {
    warn.mockRestore();
  }
}

/** The service's listing on `resource`, as the Bazaar's own checks keep it: all of it. */
function expectListed(resource: PaymentRequired["resource"]) {
  expect(isValidServiceName(resource.serviceName)).toBe(true);
  expect(resource.tags?.length).toBeGreaterThan(0);
  expect(sanitizeTags(resource.tags)).toEqual(resource.tags);
  expect(resource.iconUrl).toBe(`${BASE}${ICON_PNG_PATH}`);
  expect(isValidIconUrl(resource.iconUrl)).toBe(true);
}

describe("the Bazaar listing of every paid route (its 402's PAYMENT-REQUIRED header)", () => {
  it.each(PAID.map((op) => [op.method, op.path, op] as const))(
    "%s %s: a bazaar declaration and a service listing @x402/extensions validates",
    async (method, path, op) => {
      const required = await challengeOf(app, op);
      const bazaar = required.extensions?.bazaar as DiscoveryExtension & { routeTemplate?: string };
      expectValidRoute(`${method} ${path}`, bazaar);
      expect(bazaar.info.input).toMatchObject({ type: "http", method });
      expectListed(required.resource);
      expect(catalogued(required)).toMatchObject({
        resourceUrl: `${BASE}${path}`,
        serviceName: required.resource.serviceName,
        tags: required.resource.tags,
        iconUrl: required.resource.iconUrl,
      });
    },
  );

  const WITH_PARAMS = PAID.filter((op) => op.method === "GET" && op.path.includes("/:"));
  it.each(WITH_PARAMS.map((op) => [op.path, op] as const))(
    "GET %s: path parameters under the route template, so every address is one catalogue entry",
    async (path, op) => {
      const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
      const example = op.inputExample as Record<string, unknown>;
      const other = { ...example, [names[0]!]: "0x8589427373D6D84E98730D7795D8f6f8731FDA16" };
      const [first, second] = [
        await challengeOf(app, op),
        await challengeOf(app, op, filled(op, other)),
      ];
      for (const required of [first, second]) {
        const bazaar = required.extensions?.bazaar as DiscoveryExtension & {
          routeTemplate?: string;
        };
        expect(bazaar.routeTemplate).toBe(path);
        expect(isValidRouteTemplate(bazaar.routeTemplate)).toBe(true);
        const input = bazaar.info.input as unknown as Record<string, Record<string, unknown>>;
        expect(Object.keys(input.pathParams ?? {})).toEqual(names);
        for (const name of names) expect(input.queryParams).not.toHaveProperty(name);
        expect(catalogued(required)?.resourceUrl).toBe(`${BASE}${path}`);
      }
      // The 402 names the address asked for; the listing only the example (never a caller's).
      expect(second.resource.url).toBe(`${BASE}${filled(op, other)}`);
      expect(JSON.stringify(second.extensions?.bazaar)).not.toContain(other[names[0]!] as string);
    },
  );

  it("the icon the listings name is served, as a PNG", async () => {
    const res = await app.request(`${BASE}${ICON_PNG_PATH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
  });
});

describe("the Bazaar listing of every paid MCP tool (its unpaid result)", () => {
  it.each(PAID_TOOLS.map((tool) => [tool.name, tool] as const))(
    "%s: an `mcp` bazaar declaration and a service listing @x402/extensions validates",
    async (name, tool) => {
      const required = await toolChallengeOf(name, tool.inputExample);
      const bazaar = required.extensions?.bazaar as DiscoveryExtension;
      expectValid(bazaar);
      expect(bazaar.info.input).toMatchObject({
        type: "mcp",
        toolName: name,
        transport: "streamable-http",
      });
      expectListed(required.resource);
      // Listed where it is served: the MCP endpoint on the base URL, with the tool's name.
      expect(required.resource.url).toBe(`${BASE}/mcp?tool=${name}`);
      expect(catalogued(required)).toMatchObject({ resourceUrl: `${BASE}/mcp`, toolName: name });
    },
  );
});

describe("a listing that would not validate stops the app's construction", () => {
  const [post] = PAID.filter((op) => op.method === "POST" && op.path.includes("batch"));

  it("a route whose example input breaks its own schema: ListingError naming the route and the field", () => {
    const drifted = { ...post!, inputExample: {} } as AnyOperation;
    expect(() => appWith({ baseUrl: BASE, operations: [drifted] })).toThrow(ListingError);
    expect(() => appWith({ baseUrl: BASE, operations: [drifted] })).toThrow(
      new RegExp(`${post!.path}: .*must have required property`),
    );
  });

  it("without a public base URL (or on a loopback host) the listing declares no icon, and still validates", async () => {
    for (const baseUrl of [undefined, "http://127.0.0.1:8402"]) {
      const local = appWith(baseUrl === undefined ? {} : { baseUrl });
      const required = await challengeOf(local, PAID[0]!);
      expect(required.resource.iconUrl).toBeUndefined();
      expect(isValidServiceName(required.resource.serviceName)).toBe(true);
    }
  });
});
