import type { MonitorDeps } from "@svc/compliance";
import { MONITOR_TOOLS, PROMPTS, TOOLS } from "@svc/mcp-server";
import type { McpCatalog } from "@svc/service-docs";
import {
  type MonitorOwnerToolsOptions,
  monitorOwnerTools,
} from "./monitor-owner-tools/monitor-owner-tools.js";

export interface HostedMcpCatalogOptions {
  /** Where monitors are kept (`serviceMonitors`): with it, the paid monitor tools are served. */
  readonly monitors?: MonitorDeps | undefined;
  /** The owner API's book and sign-in: with them, its free owner tools are served. */
  readonly owners?: MonitorOwnerToolsOptions | undefined;
}

/**
 * The tools and prompts the hosted API serves at `/mcp`: the package's, then, where the service
 * keeps monitors, `monitor_create` and `monitor_extend` (paid, as their routes) and the owner
 * API's tools (free, signed in). A tool that could only refuse (monitors without a ledger) is
 * not listed: every listed tool costs each client's context.
 */
export function hostedMcpCatalog(options: HostedMcpCatalogOptions): McpCatalog {
  return {
    tools: [
      ...TOOLS,
      ...(options.monitors === undefined ? [] : MONITOR_TOOLS),
      ...(options.owners === undefined ? [] : monitorOwnerTools(options.owners)),
    ],
    prompts: PROMPTS,
  };
}
