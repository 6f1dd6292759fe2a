import { type AnyOperation, CATALOG } from "@svc/compliance";
import { renderDocument } from "@svc/renderers";
import type { McpCatalog } from "@svc/service-docs";
import { FIXTURE_OPERATIONS } from "@svc/service-docs/test-support";
import type { Devnet } from "@svc/x402-devnet";
import type { Hono } from "hono";
import { createApp } from "../../app/create-app.js";
import { startPaidStack } from "../../test-support/paid-stack.js";

/** What the test app serves by default: the real catalog, whatever it holds today, and the fixtures. */
export const SERVED_OPERATIONS: readonly AnyOperation[] = [...CATALOG, ...FIXTURE_OPERATIONS];

/** The Accept header a browser sends for a page. */
export const BROWSER = { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

export interface DiscoveryApp {
  readonly app: Hono;
  readonly devnet: Devnet;
  /** GET `path` on the app as a client of http://screen.test does. */
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * The whole API (payment gates included) on the local devnet and the embedded sample list,
 * serving the real catalog plus the fixtures, so the documents can be compared with real 402s.
 */
export async function startDiscoveryApp(
  options: { operations?: readonly AnyOperation[]; baseUrl?: string; mcpCatalog?: McpCatalog } = {},
): Promise<DiscoveryApp> {
  const stack = await startPaidStack(1);
  const app = createApp({
    ...stack.common,
    render: renderDocument,
    operations: options.operations ?? SERVED_OPERATIONS,
    baseUrl: options.baseUrl,
    mcpCatalog: options.mcpCatalog,
  });
  return {
    app,
    devnet: stack.devnet,
    get: async (path, headers = {}) =>
      app.request(`http://screen.test${path}`, { headers: { Host: "screen.test", ...headers } }),
    stop: () => stack.stop(),
  };
}
