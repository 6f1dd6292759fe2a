import { EMBEDDED_DCA_HISTORY } from "@svc/ofac-index";
import { type ListConfig, ListLoader, type LoaderEvent } from "@svc/ofac-index/node";
import { RenderPool } from "@svc/renderers";
import type { ComplianceDeps } from "../catalog/deps.js";

/** The operations' dependencies as a process runs them, with readiness and a stop. */
export interface ComplianceRuntime {
  /** The list (with readiness), the history and the worker pool's render. */
  readonly deps: ComplianceDeps & { readonly list: ListLoader };
  readonly loader: ListLoader;
  /** Stops the refresh and drains the render pool. */
  stop(): Promise<void>;
}

export interface RuntimeOptions {
  /** Structured loader events (loaded, refreshed, failures) for the process's logger. */
  readonly onEvent?: ((event: LoaderEvent) => void) | undefined;
  /** Periodic refresh (`list.refreshMinutes`); on unless false (a one-shot process). */
  readonly refresh?: boolean | undefined;
}

/**
 * The edge every process shares (the API, the standalone MCP server): the list loaded as
 * configured and refreshed periodically, the embedded list history, and documents rendered in
 * a worker pool so the process stays responsive while it renders.
 */
export async function startComplianceRuntime(
  list: ListConfig,
  options: RuntimeOptions = {},
): Promise<ComplianceRuntime> {
  const loader = new ListLoader({
    source: list.source,
    official: list.official,
    snapshotDir: list.snapshotDir,
    sampleFallback: list.sampleFallback,
    onEvent: options.onEvent,
  });
  await loader.start();
  if (options.refresh !== false) loader.startPeriodicRefresh(list.refreshMinutes * 60_000);
  const pool = new RenderPool();
  return {
    deps: {
      list: loader,
      history: () => EMBEDDED_DCA_HISTORY,
      render: (type, report) => pool.render(type, report),
    },
    loader,
    async stop() {
      await loader.stop();
      await pool.close();
    },
  };
}
