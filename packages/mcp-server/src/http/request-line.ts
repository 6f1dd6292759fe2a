/**
 * Where a host logs: a pino logger (JSON lines `{"level":"info","time":"<ISO 8601>","msg":…}`),
 * or anything of that shape.
 */
export interface LogSink {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** The fields of a request's line (`msg: "request"`), the same on every host of the service. */
export interface RequestLine {
  /** The request id (also sent back as `X-Request-Id`). */
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  /** From the request's arrival to its answer, in milliseconds, to a tenth. */
  readonly durationMs: number;
  /** Whether a payment was settled for this answer. */
  readonly charged: boolean;
}

/** Its members, in order (what a test compares two hosts' lines on). */
export const REQUEST_LINE_FIELDS = [
  "requestId",
  "method",
  "path",
  "status",
  "durationMs",
  "charged",
] as const satisfies readonly (keyof RequestLine)[];

/** A 5xx answer logs as an error, a 4xx other than 402 (payment asked) as a warning. */
const requestLineLevel = (status: number): "info" | "warn" | "error" =>
  status >= 500 ? "error" : status >= 400 && status !== 402 ? "warn" : "info";

/** Writes a request's line at the level its status calls for. */
export function logRequestLine(sink: LogSink, line: RequestLine): void {
  sink[requestLineLevel(line.status)]({ ...line }, "request");
}

/** A duration in milliseconds, to a tenth (as request lines carry it). */
export const tenthsOfMs = (ms: number): number => Math.round(ms * 10) / 10;
