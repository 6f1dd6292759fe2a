import type { MiddlewareHandler } from "hono";

/** One structured log line per request. */
export interface RequestLogEntry {
  readonly time: string;
  readonly level: "info" | "warn" | "error";
  readonly msg: "request";
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly durationMs: number;
  /** Whether the answer carried a settlement receipt (a paid call was charged). */
  readonly charged: boolean;
}

export type LogSink = (entry: RequestLogEntry) => void;

/**
 * Logs every request as one JSON line through `sink` (the process's stdout in the service, nothing
 * in tests), with the request id the `requestId` middleware assigned (also sent back as
 * `X-Request-Id`). 5xx answers log as errors, 4xx other than 402 as warnings.
 */
export const requestLog =
  (sink: LogSink, now: () => number = () => performance.now()): MiddlewareHandler =>
  async (c, next) => {
    const start = now();
    await next();
    const status = c.res.status;
    sink({
      time: new Date().toISOString(),
      level: status >= 500 ? "error" : status >= 400 && status !== 402 ? "warn" : "info",
      msg: "request",
      requestId: String(c.get("requestId" as never) ?? ""),
      method: c.req.method,
      path: c.req.path,
      status,
      durationMs: Math.round((now() - start) * 10) / 10,
      charged: c.res.headers.has("PAYMENT-RESPONSE"),
    });
  };
