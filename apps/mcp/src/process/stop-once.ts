import type { Log } from "../log/stderr-log.js";

/** How long the process may linger after a clean stop before it exits anyway. */
const LINGER_MS = 2_000;

/**
 * Stops the process once: on SIGINT, SIGTERM or a call of the returned function (the stdio
 * client went away). `stop` lets the work under way finish and closes what it opened (the
 * transport; the tool server's list refresh and render workers; the proxy's remote connection),
 * after which the process ends by itself. A stop longer than `stopTimeoutMs` exits 1; if
 * something still holds the process `LINGER_MS` after a clean stop, it is named in the log and
 * the process exits anyway.
 */
export function stopOnce(
  stop: () => Promise<void>,
  log: Log,
  stopTimeoutMs: number,
): (reason: string) => void {
  let stopping = false;
  const shutdown = (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, "stopping");
    const timeout = setTimeout(() => {
      log.error({ afterMs: stopTimeoutMs }, "stop.timeout");
      process.exit(1);
    }, stopTimeoutMs).unref();
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
