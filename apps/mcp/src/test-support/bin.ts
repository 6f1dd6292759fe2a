import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

/** The built bin (tests run after `build`: turbo's test task depends on it). */
export const MAIN = fileURLToPath(new URL("../../dist/main.js", import.meta.url));

/** The environment the bin runs in for tests: the embedded sample, no refresh worth speaking of. */
export const BIN_ENV: Record<string, string> = { OFAC_REFRESH_MINUTES: "10080" };

interface LogLine {
  readonly level: string;
  readonly msg: string;
  readonly [field: string]: unknown;
}

/** The bin as a child process, with its stderr parsed as the JSON lines it must be. */
export interface RunningBin {
  readonly child: ChildProcessWithoutNullStreams;
  /** Every stderr line so far, parsed (a line that is not JSON fails the parse: a test failure). */
  logs(): LogLine[];
  /** Resolves with the first log line whose message is `message`. */
  waitForLog(message: string): Promise<LogLine>;
  /** Resolves with the first log line that `matches`. */
  waitFor(matches: (line: LogLine) => boolean): Promise<LogLine>;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited(): Promise<number | string>;
  /** SIGTERM, then SIGKILL if it has not ended within 10 s. */
  kill(): Promise<number | string>;
}

export function startBin(args: readonly string[], env: Record<string, string> = {}): RunningBin {
  const child = spawn(process.execPath, [MAIN, ...args], {
    env: { ...process.env, ...BIN_ENV, ...env },
  });
  let stderr = "";
  const waiters: (() => void)[] = [];
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => {
    stderr += chunk;
    for (const w of waiters.splice(0)) w();
  });
  const exit = once(child, "exit").then(([code, signal]) => (code ?? signal) as number | string);
  const logs = () =>
    stderr
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as LogLine);
  const waitFor = (matches: (line: LogLine) => boolean, what: string) =>
    new Promise<LogLine>((resolve, reject) => {
      const check = () => {
        const line = logs().find(matches);
        if (line !== undefined) return resolve(line);
        waiters.push(check);
      };
      void exit.then((code) =>
        reject(new Error(`svc-mcp exited (${code}) before logging ${what}:\n${stderr}`)),
      );
      check();
    });
  return {
    child,
    logs,
    waitForLog: (event) => waitFor((l) => l.msg === event, event),
    waitFor: (matches) => waitFor(matches, "the line awaited"),
    exited: () => exit,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      try {
        return await exit;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** `svc-mcp --http 0`: resolves once it listens, with the URL of its MCP endpoint. */
export async function startHttpBin(env: Record<string, string> = {}) {
  const bin = startBin(["--http", "0"], env);
  const ready = await bin.waitForLog("ready");
  return { bin, mcpUrl: String(ready.url), baseUrl: String(ready.url).replace(/\/mcp$/, "") };
}
