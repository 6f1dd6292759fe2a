import type { Context, MiddlewareHandler } from "hono";

/** Where the app logs: the service's pino logger (`serviceLog`), or any logger of that shape. */
export interface LogSink {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

declare module "hono" {
  interface ContextVariableMap {
    /** Set when a payment was settled inside the answer (a paid MCP tool call). */
    "svc.charged": boolean;
  }
}

/**
 * Marks the request as charged where no PAYMENT-RESPONSE header says so: a paid MCP tool call
 * carries its receipt inside the JSON-RPC result instead.
 */
export const markCharged = (c: Context): void => c.set("svc.charged", true);

/** The request id the `requestId` middleware assigned ("" when there is none). */
export const requestIdOf = (c: Context): string => c.get("requestId") ?? "";

/**
 * Logs every request as one line (`msg: "request"`) with the request id the `requestId`
 * middleware assigned (also sent back as `X-Request-Id`), the method, path, status, duration and
 * whether the answer was charged. 5xx answers log as errors, 4xx other than 402 as warnings.
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
        charged: c.res.headers.has("PAYMENT-RESPONSE") || c.get("svc.charged") === true,
      },
      "request",
    );
  };
