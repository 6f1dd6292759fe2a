import {
  type ComplianceRuntime,
  type RuntimeEvent,
  startComplianceRuntime,
} from "@svc/compliance/node";
import { openSharedEditions } from "@svc/edition-store";
import type { RefreshStatus } from "@svc/ofac-index";
import type { ListLoader } from "@svc/ofac-index/node";
import type { ServiceConfig } from "../config/service-config.js";

/**
 * The compliance runtime with the list as configured. On a shared PostgreSQL (DATABASE_URL) the
 * replicas share the list's editions too: one refreshes at a time, stores the edition in the
 * database and announces it, and the others serve it within a second; a replica that starts
 * serves the stored edition at once. Its `stop()` also closes those connections.
 */
export async function startListRuntime(
  config: Pick<
    ServiceConfig,
    "list" | "ledger" | "renderMaxPerPayer" | "renderThreads" | "renderIdleSeconds"
  >,
  onEvent: (event: RuntimeEvent) => void,
): Promise<ComplianceRuntime> {
  const url = config.ledger.databaseUrl;
  const render = {
    renderMaxPerPayer: config.renderMaxPerPayer,
    renderThreads: config.renderThreads,
    renderIdleMs: config.renderIdleSeconds * 1000,
  };
  if (url === undefined) return startComplianceRuntime(config.list, { onEvent, ...render });
  const editions = await openSharedEditions(url, {
    onListenerEvent: ({ reason, retryInMs }) =>
      onEvent({
        type: "coordination-failed",
        step: "listen",
        message: `${reason}; listening again in ${retryInMs} ms`,
      }),
  });
  const runtime = await startComplianceRuntime(config.list, {
    onEvent,
    ...render,
    store: editions.store,
    coordinator: editions.coordinator,
  }).catch(async (error: unknown) => {
    await editions.close();
    throw error;
  });
  return {
    ...runtime,
    async stop() {
      await runtime.stop();
      await editions.close();
    },
  };
}

/** How often, and how many times, an operator's reload tries again while another replica refreshes. */
const RELOAD_RETRY_MS = 1_000;
const RELOAD_ATTEMPTS = 120;

/**
 * An operator's reload (SIGHUP): refreshes the list now. When another replica is refreshing at
 * that moment (the attempt is `skipped`), it tries again once a second until it runs (at most
 * two minutes): that replica may have read the source before it changed. Resolves to the last
 * attempt's status; the attempts are logged as the list's other events are.
 */
export async function reloadList(loader: ListLoader): Promise<RefreshStatus> {
  let status = await loader.refresh();
  for (let attempt = 1; status.outcome === "skipped" && attempt < RELOAD_ATTEMPTS; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, RELOAD_RETRY_MS));
    status = await loader.refresh();
  }
  return status;
}
