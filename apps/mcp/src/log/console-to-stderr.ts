import { Console } from "node:console";

/**
 * Sends `console.log` and its kin to stderr: a stray log line from any library on stdout would
 * corrupt the stdio protocol stream.
 */
export function consoleToStderr(): void {
  const toStderr = new Console({ stdout: process.stderr, stderr: process.stderr });
  for (const method of ["log", "info", "debug", "dir", "dirxml", "table"] as const) {
    Object.defineProperty(console, method, {
      value: toStderr[method].bind(toStderr),
      configurable: true,
      writable: true,
    });
  }
}
