import {
  EMBEDDED_DCA_HISTORY,
  EMBEDDED_PARTY_HISTORY,
  type ListGrowthStats,
  type PartyHistory,
} from "@svc/ofac-index";
import {
  type EditionStore,
  type ListConfig,
  ListLoader,
  type LoaderEvent,
  type RefreshCoordinator,
  SnapshotStore,
} from "@svc/ofac-index/node";
import { RenderPool, type RenderPoolStats, type RenderPoolWarmth } from "@svc/renderers/pool";
import type { ComplianceDeps } from "../catalog/deps.js";
import { DOCUMENT_BODY_PREPARER } from "../operations/documents/prepare-document-body.js";
import {
  chooseHistory,
  choosePartyHistory,
  storedGrowth,
  storedPartyHistory,
} from "./stored-history.js";
import { warmUpReports } from "./warm-up-reports.js";

/** The operations' dependencies as a process runs them, with readiness and a stop. */
export interface ComplianceRuntime {
  /** The list (with readiness), the history and the worker pool's render. */
  readonly deps: ComplianceDeps & { readonly list: ListLoader };
  readonly loader: ListLoader;
  /**
   * The render pool's counters, for the process to report: renders started, taken up by a
   * worker, completed, and aborted (abandoned at a deadline), with the queue's length.
   */
  renderStats(): RenderPoolStats;
  /**
   * What each render worker running now reported when it had warmed up (the document types it
   * rendered, the PDF fonts it holds), on an EDD memo written on the embedded sample edition
   * (`warmUpReports`) besides the pool's own small report: none before a first render.
   */
  renderWarmth(): RenderPoolWarmth;
  /**
   * Waits for the list's load in flight (start-up loads the source in the background) and the
   * history recomputed after it: for tests and one-shot processes.
   */
  settled(): Promise<void>;
  /** Stops the refresh and drains the render pool. */
  stop(): Promise<void>;
}

/** The loader's events, and which history the forecasts use when it changes. */
export type RuntimeEvent =
  | LoaderEvent
  | {
      readonly type: "history";
      readonly source: "snapshot_store" | "embedded";
      readonly from: string;
      readonly to: string;
      readonly additionEvents: number;
    }
  | { readonly type: "history-failed"; readonly message: string };

export interface RuntimeOptions {
  /** Structured loader events (loaded, refreshed, failures) for the process's logger. */
  readonly onEvent?: ((event: RuntimeEvent) => void) | undefined;
  /** Periodic refresh (`list.refreshMinutes`); on unless false (a one-shot process). */
  readonly refresh?: boolean | undefined;
  /** First retry delay after a failed load (default one minute), for tests. */
  readonly retryBaseMs?: number | undefined;
  /**
   * Where the list's editions are stored, instead of the snapshot directory: a store the
   * replicas share (with `coordinator`, e.g. @svc/edition-store's on one PostgreSQL).
   */
  readonly store?: EditionStore | undefined;
  /** Replicas sharing `store` refresh one at a time and serve what the refreshing one stored. */
  readonly coordinator?: RefreshCoordinator | undefined;
  /** Document renders one payer may have admitted at once (`RenderPoolOptions.maxPerPayer`). */
  readonly renderMaxPerPayer?: number | undefined;
  /**
   * The most render workers (`RENDER_THREADS`; `RenderPoolOptions.threads`: default 2, never
   * more than the cores less one). Workers start on a render's demand.
   */
  readonly renderThreads?: number | undefined;
  /** How long a render worker waits for a render before it stops (default 60,000 ms). */
  readonly renderIdleMs?: number | undefined;
}

/**
 * The edge every process shares (the API, the standalone MCP server): the list loaded as
 * configured and refreshed periodically, the embedded list history, and documents rendered in
 * a worker pool so the process stays responsive while it renders. With a snapshot directory (or
 * a shared edition store) the forecasts' history comes from the stored editions once there are
 * enough of them (`chooseHistory`), and is recomputed whenever the loader stores a new edition
 * or adopts one another replica stored. Resolves
 * without waiting on the list's source: a stored snapshot serves at once, the source loads in
 * the background (not ready until then when nothing is stored), failures are retried with
 * backoff. It starts no render worker: the first render starts one, which warms up (loads the
 * renderers and their fonts, renders a memo of each type) before it takes it, and workers idle
 * for `renderIdleMs` stop, so a process that renders nothing holds no worker's memory.
 */
export async function startComplianceRuntime(
  list: ListConfig,
  options: RuntimeOptions = {},
): Promise<ComplianceRuntime> {
  let history: ListGrowthStats = EMBEDDED_DCA_HISTORY;
  let partyHistory: PartyHistory = EMBEDDED_PARTY_HISTORY;
  const store =
    options.store ??
    (list.snapshotDir === undefined ? undefined : new SnapshotStore(list.snapshotDir));
  const updateHistory = async () => {
    if (store === undefined) return;
    try {
      history = chooseHistory(await storedGrowth(store));
      partyHistory = choosePartyHistory(await storedPartyHistory(store));
      options.onEvent?.({
        type: "history",
        source: history === EMBEDDED_DCA_HISTORY ? "embedded" : "snapshot_store",
        from: history.from,
        to: history.to,
        additionEvents: history.additionEvents,
      });
    } catch (error) {
      // The previous history stays in use; a damaged store never stops the forecasts.
      options.onEvent?.({ type: "history-failed", message: String(error) });
    }
  };
  let pending: Promise<void> = Promise.resolve();
  // An edition stored while starting is covered by the one computation after the start.
  let started = false;
  const loader = new ListLoader({
    source: list.source,
    official: list.official,
    store,
    coordinator: options.coordinator,
    sampleFallback: list.sampleFallback,
    staleAfterHours: list.staleAfterHours,
    failWhenStale: list.failWhenStale,
    retryBaseMs: options.retryBaseMs,
    onEvent: (event) => {
      options.onEvent?.(event);
      if ((event.type === "stored" || event.type === "adopted") && started) {
        pending = pending.then(updateHistory);
      }
    },
  });
  // Each worker, when a render starts it, warms up on its own thread on a memo as this service
  // writes it. Large document bodies are validated on the workers, with the routes' own schemas.
  const pool = new RenderPool({
    warmUpReports: await warmUpReports(),
    bodyPreparer: DOCUMENT_BODY_PREPARER,
    ...(options.renderMaxPerPayer === undefined ? {} : { maxPerPayer: options.renderMaxPerPayer }),
    ...(options.renderThreads === undefined ? {} : { threads: options.renderThreads }),
    ...(options.renderIdleMs === undefined ? {} : { idleTimeoutMs: options.renderIdleMs }),
  });
  try {
    await loader.start();
    started = true;
    await updateHistory();
  } catch (error) {
    await pool.close();
    throw error;
  }
  if (options.refresh !== false) loader.startPeriodicRefresh(list.refreshMinutes * 60_000);
  return {
    deps: {
      list: loader,
      history: () => history,
      partyHistory: () => partyHistory,
      render: (type, report, options) => pool.render(type, report, options),
      admitRender: (request) => pool.admit(request),
      renderBody: (type, body, options) => pool.renderBody(type, body, options),
    },
    loader,
    renderStats: () => pool.stats,
    renderWarmth: () => pool.warmth,
    async settled() {
      await loader.settled();
      await pending;
    },
    async stop() {
      await loader.stop();
      await pending;
      await pool.close();
    },
  };
}
