import type { ReservationStore } from "@svc/payments";
import type { FacilitatorClient } from "@x402/core/server";
import type { Histogram } from "prom-client";

/**
 * The facilitator, timed: each verify, settle and supported-kinds call observed by operation and
 * outcome (`ok`, `refused` when it answers no, `error` when it fails or cannot be reached).
 */
export function timedFacilitator(
  client: FacilitatorClient,
  histogram: Histogram<"operation" | "outcome">,
): FacilitatorClient {
  const timed = async <T>(operation: string, call: () => Promise<T>, ok: (r: T) => boolean) => {
    const start = performance.now();
    try {
      const result = await call();
      histogram.observe(
        { operation, outcome: ok(result) ? "ok" : "refused" },
        (performance.now() - start) / 1000,
      );
      return result;
    } catch (error) {
      histogram.observe({ operation, outcome: "error" }, (performance.now() - start) / 1000);
      throw error;
    }
  };
  return {
    verify: (payload, requirements) =>
      timed(
        "verify",
        () => client.verify(payload, requirements),
        (r) => r.isValid,
      ),
    settle: (payload, requirements) =>
      timed(
        "settle",
        () => client.settle(payload, requirements),
        (r) => r.success,
      ),
    getSupported: () =>
      timed(
        "supported",
        () => client.getSupported(),
        () => true,
      ),
  };
}

/** The payment ledger's reservation steps, timed by operation and outcome (`ok`, `error`). */
export function timedReservations(
  store: ReservationStore,
  histogram: Histogram<"operation" | "outcome">,
): ReservationStore {
  const timed = async <T>(operation: string, call: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      const result = await call();
      histogram.observe({ operation, outcome: "ok" }, (performance.now() - start) / 1000);
      return result;
    } catch (error) {
      histogram.observe({ operation, outcome: "error" }, (performance.now() - start) / 1000);
      throw error;
    }
  };
  const markServed = store.markServed?.bind(store);
  return {
    reserve: (key, expiresAt, details) =>
      timed("reserve", () => store.reserve(key, expiresAt, details)),
    release: (key) => timed("release", () => store.release(key)),
    forget: (key) => timed("forget", () => store.forget(key)),
    ...(markServed === undefined
      ? {}
      : { markServed: (key, served) => timed("served", () => markServed(key, served)) }),
    markUsed: (key, settlement) => timed("used", () => store.markUsed(key, settlement)),
  };
}
