import type { LedgerDeferredSettlement, PaymentLedger, SettlerEvent } from "@svc/ledger";
import type { ListLoader } from "@svc/ofac-index/node";
import type { RenderPoolStats } from "@svc/renderers/pool";
import { type ServiceMetrics, scrapedGauge } from "./service-metrics.js";

/**
 * The list's state, read from the loader at scrape time: the edition's date, how long since the
 * service last confirmed it holds the current edition, whether that is past the stale limit,
 * and when it last confirmed it. Nothing is exported before a list is loaded.
 */
export function observeList(metrics: ServiceMetrics, loader: ListLoader): void {
  const freshness = () => (loader.ready ? loader.freshness() : undefined);
  scrapedGauge(metrics, "svc_list_loaded", "1 when a sanctions list is loaded, else 0.", () =>
    loader.ready ? 1 : 0,
  );
  scrapedGauge(
    metrics,
    "svc_list_edition_timestamp_seconds",
    "The loaded edition's date of issue (OFAC's DateOfIssue, midnight UTC), as a Unix time.",
    () => seconds(freshness()?.datasetPublishedAt),
  );
  scrapedGauge(
    metrics,
    "svc_list_age_hours",
    "Hours since the service last confirmed it holds the source's current edition.",
    () => freshness()?.ageHours,
  );
  scrapedGauge(
    metrics,
    "svc_list_stale",
    "1 when the list is past its stale limit (OFAC_STALE_AFTER_HOURS), else 0.",
    () => {
      const f = freshness();
      return f === undefined ? undefined : f.stale === true ? 1 : 0;
    },
  );
  scrapedGauge(
    metrics,
    "svc_list_last_successful_check_timestamp_seconds",
    "When the service last confirmed the current edition (a load or an unchanged check).",
    () => seconds(freshness()?.lastSuccessfulCheckAt ?? undefined),
  );
}

const seconds = (iso: string | undefined): number | undefined => {
  if (iso === undefined) return undefined;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : ms / 1000;
};

/** The render pool's queue, workers and counts, read at scrape time. */
export function observeRenders(metrics: ServiceMetrics, stats: () => RenderPoolStats): void {
  const gauge = (name: string, help: string, read: (s: RenderPoolStats) => number) =>
    scrapedGauge(metrics, name, help, () => read(stats()));
  gauge("svc_render_queue_depth", "Renders waiting for a worker.", (s) => s.queued);
  // Handed to the pool, neither waiting nor finished nor abandoned: on a worker now.
  gauge("svc_render_running", "Renders a worker is running now.", (s) =>
    Math.max(0, s.started - s.queued - s.completed - s.aborted),
  );
  gauge("svc_render_workers", "Render workers running now.", (s) => s.workers);
  gauge("svc_render_threads", "The most render workers the pool runs.", (s) => s.threads);
  gauge(
    "svc_render_aborted",
    "Renders abandoned because their caller went away (since the start).",
    (s) => s.aborted,
  );
  gauge("svc_render_completed", "Renders finished (since the start).", (s) => s.completed);
  gauge(
    "svc_render_worker_heap_used_bytes",
    "Heap the running render workers' live objects use, summed (each worker's own, as of its last render).",
    (s) => s.workerHeapUsedBytes,
  );
  gauge(
    "svc_render_worker_heap_total_bytes",
    "Heap the running render workers hold, summed (each worker's own, as of its last render).",
    (s) => s.workerHeapTotalBytes,
  );
}

/**
 * Settlement after the answer: payments answered but not yet settled (the ledger's pending) and
 * the oldest one's wait, read at scrape time as one count/min aggregate (no rows read out);
 * whether the settler answers first now; the settler's events as counters, and each
 * settlement's lag (answer to settlement, the ledger's clock) into a histogram.
 */
export function observeSettlement(
  metrics: ServiceMetrics,
  ledger: PaymentLedger,
  settler: LedgerDeferredSettlement,
): (event: SettlerEvent) => void {
  let oldestSeconds = 0;
  // Collected in this order at each scrape: the count's read also gives the oldest's wait.
  scrapedGauge(
    metrics,
    "svc_settlements_pending",
    "Payments answered and not yet settled (served or settling in the ledger).",
    async () => {
      const summary = await ledger.pendingSummary().catch(() => undefined);
      if (summary === undefined) return undefined;
      oldestSeconds = summary.oldestSeconds ?? 0;
      return summary.count;
    },
  );
  scrapedGauge(
    metrics,
    "svc_settlement_oldest_pending_seconds",
    "How long the oldest pending payment has waited since its answer (0 when none waits).",
    () => oldestSeconds,
  );
  scrapedGauge(
    metrics,
    "svc_settlements_answering_first",
    "1 while payments are answered before settlement, 0 while settlements are failing.",
    () => (settler.status().answering === "after-response" ? 1 : 0),
  );
  return (event) => {
    if (event.type === "settled") {
      metrics.deferredSettled.inc();
      metrics.settlementLag.observe(event.lagSeconds);
    } else if (event.type === "retry") metrics.deferredRetries.inc();
    else if (event.type === "failed") metrics.deferredFailed.inc({ fault: event.fault });
  };
}

/**
 * The webhook outbox, read at scrape time with an aggregate query (the partial index of pending
 * messages): messages waiting for delivery and the oldest one's age, what a delivery backlog
 * alert watches. A failed read leaves the gauges unset for that scrape.
 */
export function observeOutbox(
  metrics: ServiceMetrics,
  pending: (now: Date) => Promise<{ count: number; oldestSeconds: number }>,
): void {
  const read = () => pending(new Date()).catch(() => undefined);
  scrapedGauge(
    metrics,
    "svc_webhook_outbox_pending",
    "Webhook messages waiting for delivery (all replicas).",
    async () => (await read())?.count,
  );
  scrapedGauge(
    metrics,
    "svc_webhook_outbox_oldest_pending_seconds",
    "Age of the oldest webhook message waiting for delivery (all replicas).",
    async () => (await read())?.oldestSeconds,
  );
}
