import type { x402ResourceServer } from "@x402/core/server";
import { Hono } from "hono";
import { cors } from "hono/cors";
import { PaymentGate } from "../gate/payment-gate.js";
import { PAYMENT_HEADERS, recordServed, requirePayment } from "../http/require-payment.js";

/** What the premium route says its answer was computed on (`recordServed`). */
export const PREMIUM_DATASET = "ab".repeat(32);

import type { ReservationStore } from "../reservation/reservation-store.js";
import type { PaidResource, PaymentTerms } from "../terms/paid-resource.js";
import type { X402Version } from "../versions/x402-v1.js";

/** How many times each paid handler ran: a handler that runs unpaid is a bypass. */
export type Runs = Record<string, number>;

const resource = (path: string, price: string, route: string): PaidResource => ({
  price,
  route,
  description: `test resource ${path}`,
  url: `http://svc.test${path}`,
  mimeType: "application/json",
  discovery: { kind: "http-body", input: { text: "hello" }, output: { example: { ok: true } } },
});

/**
 * A small API with paid routes, mounted as the service mounts its operations: a POST echo
 * ($0.01), a GET with a path parameter ($0.01), a route whose handler answers 400, one that
 * throws, one whose handler reads the body (to show it is not read before payment), another
 * route at the echo's price, and one whose handler takes `slowMs` (to race requests against).
 */
export function paidApp(
  server: x402ResourceServer,
  terms: PaymentTerms,
  options: {
    slowMs?: number;
    reservations?: ReservationStore;
    now?: () => number;
    versions?: readonly X402Version[];
  } = {},
) {
  const runs: Runs = { echo: 0, item: 0, premium: 0, refuse: 0, crash: 0, other: 0, slow: 0 };
  const gate = (path: string, price = "0.01", route = path) =>
    requirePayment(
      new PaymentGate(server, resource(path, price, route), terms, {
        transport: { method: "POST", adapter: undefined },
        reservations: options.reservations,
        now: options.now,
        versions: options.versions,
      }),
    );
  const app = new Hono();
  app.use(
    "*",
    cors({
      origin: "*",
      allowHeaders: ["Content-Type", PAYMENT_HEADERS.signature, PAYMENT_HEADERS.legacySignature],
      exposeHeaders: [PAYMENT_HEADERS.required, PAYMENT_HEADERS.response],
    }),
  );
  app.post("/paid/echo", gate("/paid/echo"), async (c) => {
    runs.echo = (runs.echo ?? 0) + 1;
    return c.json({ ok: true, echoed: await c.req.json() });
  });
  app.get("/paid/item/:id", gate("/paid/item", "0.01", "/paid/item/:id"), (c) => {
    runs.item = (runs.item ?? 0) + 1;
    return c.json({ ok: true, id: c.req.param("id") });
  });
  app.post("/paid/premium", gate("/paid/premium", "0.05"), (c) => {
    runs.premium = (runs.premium ?? 0) + 1;
    recordServed(c, { datasetSha256: PREMIUM_DATASET, query: ["0xpremium"] });
    return c.json({ ok: true, premium: true });
  });
  app.post("/paid/refuse", gate("/paid/refuse"), (c) => {
    runs.refuse = (runs.refuse ?? 0) + 1;
    return c.json({ success: false, error: "bad input", code: "INVALID_INPUT" }, 400);
  });
  app.post("/paid/crash", gate("/paid/crash"), () => {
    runs.crash = (runs.crash ?? 0) + 1;
    throw new Error("handler failed");
  });
  app.post("/paid/other", gate("/paid/other"), (c) => {
    runs.other = (runs.other ?? 0) + 1;
    return c.json({ ok: true, other: true });
  });
  app.post("/paid/slow", gate("/paid/slow"), async (c) => {
    runs.slow = (runs.slow ?? 0) + 1;
    await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 300));
    return c.json({ ok: true, slow: true });
  });
  app.onError((_e, c) =>
    c.json({ success: false, error: "internal error", code: "INTERNAL_ERROR" }, 500),
  );
  return { app, runs };
}
