import type { AnyOperation } from "@svc/compliance";
import { atomicUsdc, chargedHere, PAYMENT_HEADERS, paidAuthorization } from "@svc/payments";
import type { MiddlewareHandler } from "hono";
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
    if (status === 402) metrics.paymentRequired.inc({ route });
    return;
  }
  const authorization = paidAuthorization(c);
  const network = authorization?.network ?? "unknown";
  if (authorization !== undefined) metrics.paymentsVerified.inc({ route, network });
  if (chargedHere(c)) {
    const pending = c.res.headers.get(PAYMENT_HEADERS.status) === "pending";
    metrics.paymentsSettled.inc({
      route,
      network,
      timing: pending ? "after-response" : "before-response",
    });
    metrics.revenue.inc({ route, network }, price);
  } else if (status === 402) {
    metrics.paymentsRefused.inc({ route, reason: refusalReason(c.res.headers) });
  } else if (status === 503) {
    metrics.paymentsFailed.inc({ route });
  }
}

/**
 * The refusal's stable code, from the 402's `PAYMENT-REQUIRED` header (`error`): the part before
 * any `:` detail, and only a short word of letters, digits and `_`, so a label never carries
 * free text.
 */
function refusalReason(headers: Headers): string {
  const header = headers.get(PAYMENT_HEADERS.required);
  if (header === null) return "unknown";
  try {
    const decoded = JSON.parse(Buffer.from(header, "base64").toString("utf8")) as {
      error?: unknown;
    };
    const code = typeof decoded.error === "string" ? decoded.error.split(":")[0]?.trim() : "";
    return code !== undefined && /^[A-Za-z0-9_]{1,64}$/.test(code) ? code : "other";
  } catch {
    return "unknown";
  }
}
