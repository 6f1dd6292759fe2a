import { type DestinationStream, type Logger, pino } from "pino";

export type Log = Logger;

/**
 * The process's log: pino's JSON lines on stderr (in stdio mode stdout belongs to the protocol),
 * `{"level":"info","time":"<ISO 8601>","msg":"ready",…}`, the same shape as the API's log (level
 * as a word, ISO time, no pid or host). Written synchronously: a line logged just before
 * `process.exit` (a failed start) must not be lost, and the tool server logs little.
 */
export function stderrLog(
  destination: DestinationStream = pino.destination({ dest: 2, sync: true }),
): Log {
  return pino(
    {
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}
