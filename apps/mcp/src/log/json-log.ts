import { Console } from "node:console";
import type { RuntimeEvent } from "@svc/compliance/node";

export type LogLevel = "info" | "warn" | "error";

/** One structured line: what happened, and its fields. */
export type Log = (level: LogLevel, event: string, fields?: Record<string, unknown>) => void;

/**
 * JSON lines on stderr (or `write`): in stdio mode stdout belongs to the protocol, so every log
 * line of the process, whatever the mode, goes here.
 */
export function jsonLog(write: (line: string) => void = (line) => process.stderr.write(line)): Log {
  return (level, event, fields = {}) => {
    write(`${JSON.stringify({ time: new Date().toISOString(), level, event, ...fields })}\n`);
  };
}

/** An error as log fields: its message, and its stack for a fault. */
export const errorFields = (error: unknown): Record<string, unknown> =>
  error instanceof Error
    ? { error: error.message, ...(error.stack === undefined ? {} : { stack: error.stack }) }
    : { error: String(error) };

/** The runtime's events (the list loaded, refreshed or stored; the history used) as log lines. */
export const logRuntimeEvent =
  (log: Log) =>
  ({ type, ...fields }: RuntimeEvent): void =>
    log(
      type === "refresh-failed" || type === "history-failed" ? "warn" : "info",
      `list.${type}`,
      fields,
    );

/**
 * Sends `console.log` and its kin to stderr: a stray log line from any library on stdout would
 * corrupt the stdio protocol stream.
 */
export function consoleToStderr(): void {
  const toStderr = new Console({ stdout: process.stderr, stderr: process.stderr });
  for (const method of ["log", "info", "debug", "dir", "dirxml", "table"] as const) {
    (console as unknown as Record<string, unknown>)[method] = toStderr[method].bind(toStderr);
  }
}
