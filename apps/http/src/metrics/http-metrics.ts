import type { AnyOperation } from "@svc/compliance";
import { atomicUsdc, chargedHere, PAYMENT_HEADERS, paidAuthorization } from "@svc/payments";
import type { MiddlewareHandler } from "hono";
import { countPayment, type PaymentObservation, refusalCode } from "./payment-outcomes.js";
import type { ServiceMetrics } from "./service-metrics.js";

/** The route label of a request no route answered (404, 405, a middleware's own answer). */
const UNMATCHED = "unmatched";

/**
 * Counts every request by the route template that answered it (hono's `routePath`, e.g.
 * `/api/ofac-wallet-screen/:address`: never the raw path, so no address reaches a label), its
 * method and status, with its latency; and on a paid route, the payment's outcome as the
 * payment gate wrote it (the 402 without a payment, a refusal and its reason, the facilitator
 * unavailable, a verified and charged payment with its price). Per request: a clock read, label
 * lookups and, on paid routes, two header reads; a refusal's reason is decoded only on refusals.
 */
export function httpMetrics(
  metrics: ServiceMetrics,
  operations: readonly AnyOperation[],
): MiddlewareHandler {
  const prices = new Map(operations.map((op) => [op.path, Number(atomicUsdc(op.price))]));
  return async (c, next) => {
    const start = performance.now();
    await next();
    const status = c.res.status;
    const matched = c.req.routePath;
    const route = matched === "*" || matched === "/*" ? UNMATCHED : matched;
    const labels = { route, method: c.req.method, status };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, (performance.now() - start) / 1000);
    const price = prices.get(route);
    if (price !== undefined) observePayment(c, metrics, route, price, status);
  };
}

type Context = Parameters<MiddlewareHandler>[0];

/** The payment of a request on a paid route, as the payment gate wrote it on the context. */
function observePayment(
  c: Context,
  metrics: ServiceMetrics,
  route: string,
  price: number,
  status: number,
): void {
  const paid =
    c.req.header(PAYMENT_HEADERS.signature) ?? c.req.header(PAYMENT_HEADERS.legacySignature);
  if (paid === undefined || paid.trim() === "") {
    if (status === 402) countPayment(metrics, route, { verifiedOn: undefined, ending: UNPAID });
    return;
  }
  const verifiedOn = paidAuthorization(c)?.network;
  const ending: PaymentObservation["ending"] | undefined = chargedHere(c)
    ? {
        kind: "charged",
        timing:
          c.res.headers.get(PAYMENT_HEADERS.status) === "pending"
            ? "after-response"
            : "before-response",
        atomic: price,
      }
    : status === 402
      ? { kind: "refused", reason: refusalReason(c.res.headers) }
      : status === 503
        ? { kind: "failed" }
        : verifiedOn !== undefined
          ? { kind: "uncharged" }
          : undefined;
  if (ending !== undefined) countPayment(metrics, route, { verifiedOn, ending });
}

const UNPAID = { kind: "unpaid" } as const;

/** The refusal's stable code, from the 402's `PAYMENT-REQUIRED` header (`error`). */
function refusalReason(headers: Headers): string {
  const header = headers.get(PAYMENT_HEADERS.required);
  if (header === null) return "unknown";
  try {
    const decoded = JSON.parse(Buffer.from(header, "base64").toString("utf8")) as {
      error?: unknown;
    };
    return refusalCode(decoded.error);
  } catch {
    return "unknown";
  }
}
