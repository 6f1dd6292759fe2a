import type { ChildProcess } from "node:child_process";

/**
 * Children that must not outlive this process. One set and one set of process listeners for the
 * whole module, however many anvils are started, so tests that start many do not trip Node's
 * MaxListenersExceeded warning.
 */
const live = new Set<ChildProcess>();
let installed = false;

/**
 * On "exit" there is no event loop left to wait for a graceful stop, so SIGKILL; on a signal,
 * SIGTERM (anvil exits within milliseconds) lets whoever owns the shutdown still await it.
 */
function killAll(signal: NodeJS.Signals = "SIGKILL"): void {
  for (const child of live) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
  live.clear();
}

const killAllOnExit = () => killAll("SIGKILL");

/**
 * On SIGINT/SIGTERM with nobody else listening for the signal: kill the children, then restore
 * Node's default (exit by that signal), which our listener would otherwise have swallowed. When
 * another listener exists (the CLI's, a service's), that listener owns the shutdown: the chain
 * stays up while it finishes (a service settling its last payments needs it), it stops the
 * children in its turn, and "exit" kills whatever is left.
 */
function onSignal(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return;
  killAll("SIGTERM");
  uninstall();
  process.kill(process.pid, signal);
}

function uninstall(): void {
  process.off("exit", killAllOnExit);
  process.off("SIGINT", onSignal);
  process.off("SIGTERM", onSignal);
  installed = false;
}

/** Kills `child` when this process exits or is interrupted, until `release` is called. */
export function reapOnExit(child: ChildProcess): { release(): void } {
  live.add(child);
  if (!installed) {
    process.on("exit", killAllOnExit);
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    installed = true;
  }
  return {
    release() {
      live.delete(child);
      if (live.size === 0 && installed) uninstall();
    },
  };
}
