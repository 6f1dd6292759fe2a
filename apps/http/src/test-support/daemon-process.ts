import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";

/** A server program (HAProxy, Prometheus) run by a test, in the foreground, as its own process. */
export interface DaemonProcess {
  readonly child: ChildProcess;
  /** What it wrote on stdout and stderr so far (its log, for a failure's message). */
  output(): string;
  /** SIGTERM, and resolves once it has exited (at once if it already has). */
  stop(): Promise<void>;
}

/** A port free on 127.0.0.1 now (the kernel's pick, released for the caller to bind). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs `binary args…` and resolves once `readyUrl` answers 200 (within `timeoutMs`); rejects
 * with its log if it exits first or is not ready in time. It never outlives the test process.
 */
export async function startDaemon(
  binary: string,
  args: readonly string[],
  readyUrl: string,
  timeoutMs = 30_000,
): Promise<DaemonProcess> {
  const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
  const reap = () => child.kill("SIGKILL");
  process.once("exit", reap);
  child.once("exit", () => process.off("exit", reap));
  let log = "";
  child.stdout?.on("data", (chunk) => {
    log += String(chunk);
  });
  child.stderr?.on("data", (chunk) => {
    log += String(chunk);
  });
  const daemon: DaemonProcess = {
    child,
    output: () => log,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${binary} exited (${child.exitCode ?? child.signalCode}):\n${log}`);
    }
    const ok = await fetch(readyUrl, { signal: AbortSignal.timeout(2_000) }).then(
      async (res) => {
        await res.arrayBuffer();
        return res.status === 200;
      },
      () => false,
    );
    if (ok) return daemon;
    if (Date.now() > deadline) {
      await daemon.stop();
      throw new Error(`${binary} was not ready at ${readyUrl} within ${timeoutMs} ms:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
