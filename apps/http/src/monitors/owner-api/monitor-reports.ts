import { type ComplianceDeps, renderReportModel } from "@svc/compliance";
import type { MonitorReports } from "./mount-monitor-owner-api.js";

/** How long a monitoring report may take to render, queueing included. */
const REPORT_DEADLINE_MS = 60_000;

/** Cells a report of `rows` table rows is admitted as (its widest tables have about 8 columns). */
const CELLS_PER_ROW = 8;

/**
 * The monitoring reports of the service: on the edition it serves, rendered in its worker pool,
 * admitted like a document route's render (per wallet, within the deadline: 503 RENDER_BUSY,
 * RENDER_PAYER_BUSY or RENDER_QUEUE_FULL otherwise).
 */
export function monitorReports(
  list: Pick<ComplianceDeps["list"], "freshness">,
  deps: ComplianceDeps,
): MonitorReports {
  return {
    served: () => {
      const f = list.freshness();
      return { datasetDate: f.datasetDate, datasetSha256: f.datasetSha256 };
    },
    sample: () => list.freshness().sample,
    render: (model, format, wallet) => {
      const tables = Object.values(model.tables ?? {}) as ReadonlyArray<{ rows?: unknown[] }>;
      const rows = tables.reduce((n, t) => n + (t.rows?.length ?? 0), 0);
      const ticket = deps.admitRender?.({
        type: format,
        cells: Math.max(1, rows * CELLS_PER_ROW),
        payer: wallet,
        deadlineMs: REPORT_DEADLINE_MS,
      });
      return renderReportModel(model, format, deps, null, {
        ticket,
        signal: AbortSignal.timeout(REPORT_DEADLINE_MS),
      });
    },
  };
}
