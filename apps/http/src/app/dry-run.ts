import {
  type AnyOperation,
  type ComplianceDeps,
  DRY_RUN_MAX_BYTES,
  DRY_RUN_RATE_LIMIT,
  dryRun,
} from "@svc/compliance";
import { displayPrice, type PaymentGate } from "@svc/payments";
import type { PaymentRequirements } from "@x402/core/types";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { every } from "hono/combine";
import {
  type ClientBuckets,
  clientBuckets,
  clientRateLimit,
  type RateLimit,
} from "./client-rate-limit.js";
import { failureResponse } from "./map-failure.js";
import { problem } from "./problem.js";

/** The query parameter that asks for a dry run of a paid route. */
const DRY_RUN_PARAM = "dry_run";

/** The values that ask for one (`?dry_run=1`, or `true` as generated clients send a boolean). */
const DRY_RUN_VALUES: readonly string[] = ["1", "true"];

/** The buckets of the dry runs: one set for every route and the MCP tools (`DRY_RUN_RATE_LIMIT`). */
export const dryRunBuckets = (limit: RateLimit = DRY_RUN_RATE_LIMIT): ClientBuckets =>
  clientBuckets(limit);

/**
 * A request's raw input as the paid call reads it (path and query parameters for a GET, the JSON
 * body for a POST), `dry_run` left out; or the answer that refuses it (400, 415), as the paid
 * call refuses it.
 */
export type InputReader = (
  c: Context,
  omit: string,
) => Promise<{ ok: true; value: unknown } | { ok: false; response: Response }>;

/** What a route's dry run reads with and is bounded by, besides its operation. */
export interface DryRunRoute {
  /** Where each client's dry runs are counted (shared by every route and the MCP tools). */
  readonly buckets: ClientBuckets;
  /** The request's raw input as the paid call reads it. */
  readonly readInput: InputReader;
  /** The route's own body limit, and its 413 (the paid call's answer to a larger body). */
  readonly route: { readonly maxBodyBytes: number; readonly tooLarge: (c: Context) => Response };
}

/** One way to pay, as a dry run names it: what the 402's `accepts` entry says. */
const acceptedOf = (r: PaymentRequirements) => ({
  scheme: r.scheme,
  network: r.network,
  amount: r.amount,
  asset: r.asset,
  payTo: r.payTo,
});

/**
 * The ways to pay the route (its 402's `accepts`, built once by the gate), or none when the
 * facilitator has not answered yet: the price is known without it, and a dry run is not refused
 * for want of it.
 */
async function acceptsOf(gate: PaymentGate) {
  try {
    return (await gate.requirements()).map(acceptedOf);
  } catch {
    return undefined;
  }
}

/** The answer to a valid dry run: what the call would cost, and how to make it. */
async function validAnswer(c: Context, op: AnyOperation, gate: PaymentGate): Promise<Response> {
  const accepts = await acceptsOf(gate);
  return c.json(
    {
      success: true,
      valid: true,
      operation: op.name,
      price: op.price,
      currency: "USD",
      ...(accepts === undefined ? {} : { accepts }),
      message: `Valid: this request would be answered for ${displayPrice(op.price)}, paid per call over x402. Nothing was run or charged: send it again without ${DRY_RUN_PARAM}, with a payment.`,
    },
    200,
    { "Cache-Control": "no-store" },
  );
}

/**
 * `?dry_run=1` on a paid route: the request checked as the paid call checks it (the same raw
 * input, the same schema and the operation's own refusals, `dryRun` of @svc/compliance), and
 * answered free, without payment and without running anything: 200 `{valid: true, price,
 * accepts}`, or the very refusal the paid call would answer (400 with its code and field paths;
 * 413 for a report body over the renderer's limits; 503 with no list loaded).
 *
 * Within the unpaid bounds: a client's dry runs share one bucket across every route and the MCP
 * tools (429 `RATE_LIMITED` before anything is read); a body is refused from its declared length
 * and read to `DRY_RUN_MAX_BYTES` at most (413: the paid call reads no body before payment, so a
 * free one reads only what the thread parses without taking turns); a refusal lists at most 20
 * issues (`invalidInput`). A request without `dry_run` goes on to the payment gate untouched.
 */
export function dryRunOf(
  op: AnyOperation,
  gate: PaymentGate,
  deps: ComplianceDeps,
  { buckets, readInput, route }: DryRunRoute,
): MiddlewareHandler {
  const maxBytes = Math.min(route.maxBodyBytes, DRY_RUN_MAX_BYTES);
  // Over the route's own limit, the paid call's very 413; over the dry run's only, its own.
  const over =
    maxBytes === route.maxBodyBytes
      ? route.tooLarge
      : (c: Context) =>
          problem(
            c,
            413,
            "PAYLOAD_TOO_LARGE",
            `A dry run takes a body of at most ${maxBytes} bytes; a larger one is checked by the paid call, whose refusals are not charged.`,
            undefined,
            { Connection: "close" },
          );
  const answer: MiddlewareHandler = async (c) => {
    const flag = c.req.query(DRY_RUN_PARAM) ?? "";
    if (!DRY_RUN_VALUES.includes(flag)) {
      const message = `${DRY_RUN_PARAM} must be 1 or true; leave it out for the paid call`;
      return problem(c, 400, "INVALID_INPUT", `Invalid input: ${message}`, [
        { path: DRY_RUN_PARAM, message },
      ]);
    }
    const raw = await readInput(c, DRY_RUN_PARAM);
    if (!raw.ok) return raw.response;
    const checked = await dryRun(op, raw.value, deps);
    return checked.ok ? validAnswer(c, op, gate) : failureResponse(c, checked.failure);
  };
  const checkOnly =
    op.method === "GET"
      ? every(clientRateLimit(buckets), answer)
      : every(
          clientRateLimit(buckets),
          async (c, next) => {
            const declared = Number(c.req.header("Content-Length") ?? Number.NaN);
            if (declared > maxBytes) return over(c);
            await next();
          },
          bodyLimit({ maxSize: maxBytes, onError: over }),
          answer,
        );
  return async (c, next) => {
    if (c.req.query(DRY_RUN_PARAM) === undefined) return next();
    return checkOnly(c, next);
  };
}
