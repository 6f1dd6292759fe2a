import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";

/** How long a service process may take to say it listens before a test gives up on it. */
const START_TIMEOUT_MS = 60_000;

/** The service as deployed: its own process, started from its built `main.js`. */
export interface ServiceProcess {
  readonly child: ChildProcess;
  /** The URL its first line says it listens on. */
  readonly url: string;
  /** SIGTERM, and resolves once it has exited (at once if it already has). */
  stop(): Promise<void>;
}

/**
 * Starts `node <main>` with only PATH and `env` in its environment, and resolves once it says
 * where it listens; rejects with what it printed if it exits first or takes over a minute.
 */
export async function startServiceProcess(
  main: string,
  env: Record<string, string>,
  cwd?: string,
): Promise<ServiceProcess> {
  const child = spawn(process.execPath, [main], {
    ...(cwd === undefined ? {} : { cwd }),
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Nothing outlives the test process, whatever the test did with the child (a test that throws
  // before it stops the service would otherwise leave it running, and its load, behind).
  const reap = () => child.kill("SIGKILL");
  process.once("exit", reap);
  child.once("exit", () => process.off("exit", reap));
  let output = "";
  child.stderr.on("data", (chunk) => {
    output += String(chunk);
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the service did not listen within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    child.stdout.on("data", (chunk) => {
      output += String(chunk);
      const found = /svc API listening on (http:\/\/\S+)/.exec(output);
      if (found?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the service exited (${code}):\n${output}`));
    });
  });
  return {
    child,
    url,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
}
