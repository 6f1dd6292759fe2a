import type { Context, MiddlewareHandler } from "hono";

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
  /** Whether a payment was settled for this answer (a paid call was charged). */
  readonly charged: boolean;
}

/**
 * A fault inside an MCP tool (not a refusal): the caller only saw INTERNAL_ERROR and was not
 * charged; the operator sees what failed here, with the request id of the call.
 */
export interface ToolFaultLogEntry {
  readonly time: string;
  readonly level: "error";
  readonly msg: "tool fault";
  readonly requestId: string;
  readonly tool: string;
  readonly error: string;
}

export type LogEntry = RequestLogEntry | ToolFaultLogEntry;

export type LogSink = (entry: LogEntry) => void;

const CHARGED = "svc.charged";

/**
 * Marks the request as charged where no PAYMENT-RESPONSE header says so: a paid MCP tool call
 * carries its receipt inside the JSON-RPC result instead.
 */
export const markCharged = (c: Context): void => c.set(CHARGED as never, true as never);

/** The request id the `requestId` middleware assigned ("" when there is none). */
export const requestIdOf = (c: Context): string => String(c.get("requestId" as never) ?? "");

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
      requestId: requestIdOf(c),
      method: c.req.method,
      path: c.req.path,
      status,
      durationMs: Math.round((now() - start) * 10) / 10,
      charged: c.res.headers.has("PAYMENT-RESPONSE") || c.get(CHARGED as never) === true,
    });
  };
