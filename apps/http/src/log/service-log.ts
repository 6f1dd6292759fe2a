import { type DestinationStream, type Logger, pino } from "pino";

/**
 * The service's log: pino's JSON lines, `{"level":"info","time":"<ISO 8601>","msg":"request",…}`,
 * the same shape as the standalone MCP server's (level as a word, ISO time, no pid or host).
 * By default to stdout through pino's asynchronous destination, which joins the lines logged
 * while a write is under way into one write (a write per request to a pipe or a file would be a
 * system call per request); `flush` at shutdown writes what is pending.
 */
export function serviceLog(
  destination: DestinationStream = pino.destination({ dest: 1, sync: false }),
): Logger {
  return pino(
    {
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}
