import { DOCUMENT_DEADLINE_MS } from "@svc/compliance";
import type { Log } from "../log/stderr-log.js";

/**
 * How long a stop may take, and how long the process may linger after it, before exiting anyway.
 * A stop first lets the answers in flight finish, and each is bounded by its tool's deadline (a
 * document's is the longest): the stop allows that, and a little more.
 */
export const STOP_TIMEOUT_MS = DOCUMENT_DEADLINE_MS + 5_000;
export const LINGER_MS = 2_000;

/**
 * Stops the process once: on SIGINT, SIGTERM or a call of the returned function (the stdio
 * client went away). `stop` closes the transport and the runtime (the list's refresh timer and
 * the render workers), after which the process ends by itself; if something still holds it
 * after `LINGER_MS`, it is named in the log and the process exits anyway.
 */
export function shutdownOnce(stop: () => Promise<void>, log: Log): (reason: string) => void {
  let stopping = false;
  const shutdown = (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, "stopping");
    const timeout = setTimeout(() => {
      log.error({ afterMs: STOP_TIMEOUT_MS }, "stop.timeout");
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    stop().then(
      () => {
        clearTimeout(timeout);
        log.info({ reason }, "stopped");
        process.exitCode = 0;
        setTimeout(() => {
          log.warn({ resources: process.getActiveResourcesInfo() }, "exit.forced");
          process.exit(0);
        }, LINGER_MS).unref();
      },
      (error: unknown) => {
        clearTimeout(timeout);
        log.error({ err: error }, "stop.failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => shutdown("SIGINT"));
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  return shutdown;
}
