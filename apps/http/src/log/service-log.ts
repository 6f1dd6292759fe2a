import { type DestinationStream, type Logger, pino } from "pino";
import { batchedDestination } from "./batched-destination.js";

/**
 * pino's `isoTime` (`,"time":"<ISO 8601>"`), built once per millisecond: under load several
 * lines share one, and formatting a date cost more than the rest of a request's line.
 */
function isoTimeOncePerMs(): () => string {
  let at = Number.NaN;
  let field = "";
  return () => {
    const now = Date.now();
    if (now !== at) {
      at = now;
      field = `,"time":"${new Date(now).toISOString()}"`;
    }
    return field;
  };
}

/**
 * The service's log: pino's JSON lines, `{"level":"info","time":"<ISO 8601>","msg":"request",…}`,
 * the same shape as the standalone MCP server's (level as a word, ISO time, no pid or host).
 * By default to stdout through pino's asynchronous destination, in batches
 * (`batchedDestination`: the lines of a few milliseconds in one write, where a write per
 * request to a pipe or a file would be a system call per request); `flush` at shutdown writes
 * what is pending, and what is pending at exit is written then.
 */
export function serviceLog(destination: DestinationStream = batchedDestination(1)): Logger {
  return pino(
    {
      base: undefined,
      timestamp: isoTimeOncePerMs(),
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}
