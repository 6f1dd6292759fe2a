import { DOCUMENT_DEADLINE_MS } from "@svc/compliance";
import { logRuntimeEvent, startComplianceRuntime } from "@svc/compliance/node";
import { MCP_SERVER } from "@svc/mcp-server";
import { type ListLoader, loadListConfig } from "@svc/ofac-index/node";
import type { CliOptions } from "../cli/parse-args.js";
import type { Log } from "../log/stderr-log.js";
import { stopOnce } from "../process/stop-once.js";
import { callersFor, createHttpApp, serveHttp } from "./http.js";
import { type Serving, serveStdio } from "./stdio.js";

/** What the list is, as the start line and `GET /health` say it. */
function listStatus(loader: ListLoader): Record<string, unknown> {
  if (!loader.ready) return { ready: false, notice: "no list loaded: screening is refused" };
  const f = loader.freshness();
  return {
    ready: true,
    datasetDate: f.datasetDate,
    sample: f.sample,
    source: f.sourceUrl,
    addressCount: f.addressCount,
    ...(f.notice === undefined ? {} : { notice: f.notice }),
  };
}

/**
 * How long a stop may take: the answers in flight finish first, and each is bounded by its tool's
 * deadline (a document's is the longest): the stop allows that, and a little more.
 */
const STOP_TIMEOUT_MS = DOCUMENT_DEADLINE_MS + 5_000;

/**
 * Starts the tool server as the command line asks: the list (as configured by the API's
 * variables, refreshed periodically), the render workers, then the transport, free (no payment
 * gates). Stops on SIGINT/SIGTERM and, over stdio, when the client closes stdin.
 */
export async function startServer(
  options: Exclude<CliOptions, { mode: "help" }>,
  env: Readonly<Record<string, string | undefined>>,
  log: Log,
): Promise<void> {
  const listConfig = loadListConfig(env);
  const runtime = await startComplianceRuntime(listConfig, { onEvent: logRuntimeEvent(log) });
  const deps = runtime.deps;
  const ready = { server: MCP_SERVER.name, version: MCP_SERVER.version };
  let serving: Serving | undefined;
  const shutdown = stopOnce(
    async () => {
      await serving?.close();
      await runtime.stop();
    },
    log,
    STOP_TIMEOUT_MS,
  );
  try {
    if (options.mode === "stdio") {
      const onFault = (error: unknown, tool: string) =>
        log.error({ tool, err: error }, "tool.fault");
      serving = serveStdio({ deps, onFault }, shutdown);
      log.info({ ...ready, transport: "stdio", list: listStatus(runtime.loader) }, "ready");
    } else {
      const app = createHttpApp({
        deps,
        callers: callersFor(options.host),
        log,
        health: () => ({ status: "ok", ...ready, list: listStatus(runtime.loader) }),
        onError: (error) => log.error({ err: error }, "http.fault"),
      });
      const http = await serveHttp(app, options);
      serving = http;
      log.info(
        {
          ...ready,
          transport: "streamable-http",
          url: `${http.url}/mcp`,
          health: `${http.url}/health`,
          list: listStatus(runtime.loader),
        },
        "ready",
      );
    }
  } catch (error) {
    await runtime.stop();
    throw error;
  }
}
