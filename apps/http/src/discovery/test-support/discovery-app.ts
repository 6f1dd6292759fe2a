import { type AnyOperation, CATALOG } from "@svc/compliance";
import { EMBEDDED_DCA_HISTORY } from "@svc/ofac-index";
import { ListLoader } from "@svc/ofac-index/node";
import { baseTerms, createPaymentServer } from "@svc/payments";
import { renderDocument } from "@svc/renderers";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import type { Hono } from "hono";
import { createApp } from "../../app/create-app.js";
import type { McpCatalog } from "../../docs/mcp-docs.js";
import { FIXTURE_OPERATIONS } from "./fixture-operations.js";

/** What the test app serves by default: the real catalog, whatever it holds today, and the fixtures. */
export const SERVED_OPERATIONS: readonly AnyOperation[] = [...CATALOG, ...FIXTURE_OPERATIONS];

export interface DiscoveryApp {
  readonly app: Hono;
  readonly devnet: Devnet;
  stop(): Promise<void>;
}

/**
 * The whole API (payment gates included) on the local devnet and the embedded sample list,
 * serving the real catalog plus the fixtures, so the documents can be compared with real 402s.
 */
export async function startDiscoveryApp(
  options: { operations?: readonly AnyOperation[]; baseUrl?: string; mcpCatalog?: McpCatalog } = {},
): Promise<DiscoveryApp> {
  const devnet = await startDevnet({ payers: 1 });
  const loader = new ListLoader({ sampleFallback: true });
  await loader.start();
  const app = createApp({
    list: loader,
    history: () => EMBEDDED_DCA_HISTORY,
    render: renderDocument,
    payments: { server: createPaymentServer(devnet.facilitator), terms: baseTerms(devnet.payTo) },
    operations: options.operations ?? SERVED_OPERATIONS,
    baseUrl: options.baseUrl,
    mcpCatalog: options.mcpCatalog,
  });
  return {
    app,
    devnet,
    async stop() {
      await loader.stop();
      await devnet.stop();
    },
  };
}
