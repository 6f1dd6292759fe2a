import type { ComplianceDeps } from "../../catalog/deps.js";
import type { RunContext } from "../../execution/executable.js";
import { RefusalError } from "../../failures/refusal-error.js";
import type { MonitorDeps } from "./monitor-deps.js";

/** The service's monitors, or the refusal of a place that keeps none (a library, offline). */
export function monitorsOf(deps: ComplianceDeps): MonitorDeps {
  if (deps.monitors === undefined) {
    throw new RefusalError({
      status: 503,
      code: "MONITORING_UNAVAILABLE",
      message:
        "This server keeps no monitors (monitoring is a service of the hosted API). Nothing was charged.",
    });
  }
  return deps.monitors;
}

/** The authorization a monitor is owned by: only a paid call makes or extends one. */
export function paymentOf(context: RunContext | undefined) {
  if (context?.payment === undefined) {
    throw new RefusalError({
      status: 503,
      code: "MONITORING_UNAVAILABLE",
      message:
        "A monitor is owned by the wallet that pays for it: only a paid call makes or extends one.",
    });
  }
  return context.payment;
}

/** A webhook URL the service would not deliver to, refused with its reason at `webhookUrl`. */
export function checkWebhookUrl(monitors: MonitorDeps, url: string): void {
  const problem = monitors.webhookUrlProblem(url);
  if (problem === undefined) return;
  const message = `webhookUrl ${problem.message}`;
  throw new RefusalError({
    status: 400,
    code: "INVALID_WEBHOOK_URL",
    message,
    issues: [{ path: "webhookUrl", message }],
  });
}

/** A monitor id that names no monitor (or a deleted one). */
export const unknownMonitor = (monitorId: string): RefusalError =>
  new RefusalError({
    status: 400,
    code: "UNKNOWN_MONITOR",
    message: `monitorId ${JSON.stringify(monitorId.slice(0, 80))} names no monitor. Nothing was charged.`,
    issues: [{ path: "monitorId", message: "names no monitor" }],
  });
