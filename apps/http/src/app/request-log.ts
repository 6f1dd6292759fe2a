import { chargedHere } from "@svc/payments";
import type { Context, MiddlewareHandler } from "hono";

/** Where the app logs: the service's pino logger (`serviceLog`), or any logger of that shape. */
export interface LogSink {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** The request id the `requestId` middleware assigned ("" when there is none). */
export const requestIdOf = (c: Context): string => c.get("requestId") ?? "";

/**
 * Logs every request as one line (`msg: "request"`) with the request id the `requestId`
 * middleware assigned (also sent back as `X-Request-Id`), the method, path, status, duration and
 * whether this request was charged: its payment settled, or recorded to be settled after the
 * answer (`chargedHere`; never read from the answer's headers, which a free receipt lookup
 * shares). 5xx answers log as errors, 4xx other than 402 as warnings.
 */
export const requestLog =
  (log: LogSink, now: () => number = () => performance.now()): MiddlewareHandler =>
  async (c, next) => {
    const start = now();
    await next();
    const status = c.res.status;
    const level = status >= 500 ? "error" : status >= 400 && status !== 402 ? "warn" : "info";
    log[level](
      {
        requestId: requestIdOf(c),
        method: c.req.method,
        path: c.req.path,
        status,
        durationMs: Math.round((now() - start) * 10) / 10,
        charged: chargedHere(c),
      },
      "request",
    );
  };
