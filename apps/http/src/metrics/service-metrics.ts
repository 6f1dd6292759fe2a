import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * Every metric the service exports, on a registry of its own (never prom-client's global one,
 * so two services in one process, as in tests, keep their counts apart). Labels carry route
 * templates, methods, statuses, networks and reasons only: never a path, an address or a payer.
 */
export interface ServiceMetrics {
  readonly registry: Registry;
  readonly httpRequests: Counter<"route" | "method" | "status">;
  readonly httpDuration: Histogram<"route" | "method" | "status">;
  /** Unpaid 402s: the terms sent to a caller that did not pay. */
  readonly paymentRequired: Counter<"route">;
  readonly paymentsVerified: Counter<"route" | "network">;
  /** Paid calls charged: settled before the answer, or recorded to settle after it (`timing`). */
  readonly paymentsSettled: Counter<"route" | "network" | "timing">;
  readonly paymentsRefused: Counter<"route" | "reason">;
  /** The facilitator or ledger could not take the payment (503). */
  readonly paymentsFailed: Counter<"route">;
  readonly revenue: Counter<"route" | "network">;
  /** The facilitator's calls (verify, settle, supported) by outcome. */
  readonly facilitatorDuration: Histogram<"operation" | "outcome">;
  /** The payment ledger's reservation steps by outcome. */
  readonly ledgerDuration: Histogram<"operation" | "outcome">;
  /** The list runtime's events (loads, unchanged checks, failures, retries), by event. */
  readonly listEvents: Counter<"event">;
  /** MCP tool calls by tool and outcome (paid, payment_required, free, dry_run, error). */
  readonly mcpToolCalls: Counter<"tool" | "outcome">;
  readonly mcpToolDuration: Histogram<"tool" | "outcome">;
  /** Seconds from a payment's answer to its settlement, observed as the settler settles it. */
  readonly settlementLag: Histogram;
  readonly deferredSettled: Counter;
  readonly deferredRetries: Counter;
  readonly deferredFailed: Counter<"fault">;
  /** Webhook delivery attempts by outcome (delivered, retry, failed, endpoint_gone), and their time. */
  readonly webhookAttempts: Counter<"outcome">;
  readonly webhookDuration: Histogram<"outcome">;
  /** Monitor events made by re-screenings on new editions, by type. */
  readonly monitorEvents: Counter<"type">;
}

/** Histogram buckets for the API's answers: 1 ms (a 402) to 10 s (a rendered document). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Buckets for a dependency's call: a local ledger write (sub-ms) to a facilitator's 30-s timeout. */
const DEPENDENCY_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
];

/**
 * Buckets for settlement after the answer: a sweep (1 s) and a block or two, to retries with
 * backoff over minutes, up to an authorization's validity (an hour at most).
 */
const SETTLEMENT_LAG_BUCKETS = [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600];

export function createServiceMetrics(): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: "svc_http_requests_total",
      help: "HTTP requests answered, by route template, method and status.",
      labelNames: ["route", "method", "status"],
      registers,
    }),
    httpDuration: new Histogram({
      name: "svc_http_request_duration_seconds",
      help: "Time to answer an HTTP request (to the response object, before the body streams).",
      labelNames: ["route", "method", "status"],
      buckets: DURATION_BUCKETS,
      registers,
    }),
    paymentRequired: new Counter({
      name: "svc_payment_required_total",
      help: "Unpaid 402s: the payment terms sent to a call without a payment.",
      labelNames: ["route"],
      registers,
    }),
    paymentsVerified: new Counter({
      name: "svc_payments_verified_total",
      help: "Payments that verified and reserved (the handler ran).",
      labelNames: ["route", "network"],
      registers,
    }),
    paymentsSettled: new Counter({
      name: "svc_payments_settled_total",
      help: "Paid calls charged: settled before the answer, or recorded to settle after it.",
      labelNames: ["route", "network", "timing"],
      registers,
    }),
    paymentsRefused: new Counter({
      name: "svc_payments_refused_total",
      help: "Payments refused with a 402, by the reason the 402 gives.",
      labelNames: ["route", "reason"],
      registers,
    }),
    paymentsFailed: new Counter({
      name: "svc_payments_failed_total",
      help: "Payments the facilitator or the ledger could not take (503).",
      labelNames: ["route"],
      registers,
    }),
    revenue: new Counter({
      name: "svc_revenue_atomic_usdc_total",
      help: "Revenue of charged calls in atomic USDC (6 decimals).",
      labelNames: ["route", "network"],
      registers,
    }),
    facilitatorDuration: new Histogram({
      name: "svc_facilitator_request_duration_seconds",
      help: "The facilitator's calls (verify, settle, supported), by outcome (ok, refused, error).",
      labelNames: ["operation", "outcome"],
      buckets: DEPENDENCY_BUCKETS,
      registers,
    }),
    ledgerDuration: new Histogram({
      name: "svc_ledger_operation_duration_seconds",
      help: "The payment ledger's reservation steps (reserve, served, used, release, forget), by outcome.",
      labelNames: ["operation", "outcome"],
      buckets: DEPENDENCY_BUCKETS,
      registers,
    }),
    listEvents: new Counter({
      name: "svc_list_events_total",
      help: "The list runtime's events (list.loaded, list.refresh-failed, …), by event.",
      labelNames: ["event"],
      registers,
    }),
    mcpToolCalls: new Counter({
      name: "svc_mcp_tool_calls_total",
      help: "MCP tool calls answered, by tool and outcome (paid, payment_required, free, dry_run, error).",
      labelNames: ["tool", "outcome"],
      registers,
    }),
    mcpToolDuration: new Histogram({
      name: "svc_mcp_tool_call_duration_seconds",
      help: "Time to answer an MCP tool call (payment, run and settlement), by tool and outcome.",
      labelNames: ["tool", "outcome"],
      buckets: DURATION_BUCKETS,
      registers,
    }),
    settlementLag: new Histogram({
      name: "svc_settlement_lag_seconds",
      help: "Seconds from a payment's answer to its settlement after the answer (the ledger's clock).",
      buckets: SETTLEMENT_LAG_BUCKETS,
      registers,
    }),
    deferredSettled: new Counter({
      name: "svc_deferred_settled_total",
      help: "Payments settled after their answer.",
      registers,
    }),
    deferredRetries: new Counter({
      name: "svc_deferred_retries_total",
      help: "Settlement attempts after the answer that failed and will be retried.",
      registers,
    }),
    deferredFailed: new Counter({
      name: "svc_deferred_failed_total",
      help: "Settlements after the answer that failed for good, by whose doing (payer, operator).",
      labelNames: ["fault"],
      registers,
    }),
    webhookAttempts: new Counter({
      name: "svc_webhook_attempts_total",
      help: "Webhook delivery attempts of this replica, by outcome (delivered, retry, failed, endpoint_gone).",
      labelNames: ["outcome"],
      registers,
    }),
    webhookDuration: new Histogram({
      name: "svc_webhook_attempt_duration_seconds",
      help: "How long a webhook attempt took (the receiver's answer, or the 15-s timeout), by outcome.",
      labelNames: ["outcome"],
      buckets: DEPENDENCY_BUCKETS,
      registers,
    }),
    monitorEvents: new Counter({
      name: "svc_monitor_events_total",
      help: "Monitor events made by this replica's re-screenings on new editions, by type.",
      labelNames: ["type"],
      registers,
    }),
  };
}

/** A gauge read at scrape time. */
export function scrapedGauge(
  metrics: ServiceMetrics,
  name: string,
  help: string,
  read: () => number | undefined | Promise<number | undefined>,
): void {
  new Gauge({
    name,
    help,
    registers: [metrics.registry],
    async collect() {
      const value = await read();
      if (value !== undefined) this.set(value);
    },
  });
}
