import { spawn } from "node:child_process";

/** A failed check: the message says what was expected; `detail` is the output that shows it. */
export class CheckFailure extends Error {
  constructor(message, detail = "") {
    super(message);
    this.name = "CheckFailure";
    this.detail = detail;
  }
}

export const secondsSince = (start) => `${((performance.now() - start) / 1000).toFixed(1)} s`;

/**
 * The check's clock: `step` prints each step and its run time; `run` starts a command in its
 * own process group and kills the group when the command's limit or the whole check's limit
 * (whichever comes first) runs out, so nothing it started outlives the check.
 */
export function createClock(limitMs) {
  const started = performance.now();
  const left = () => limitMs - (performance.now() - started);
  const running = new Set();

  async function step(title, work) {
    const start = performance.now();
    console.log(`publish-check: ${title}`);
    const result = await work();
    console.log(`publish-check:   done (${secondsSince(start)})`);
    return result;
  }

  function run(command, args, { cwd, env, input, limitMs: own = Number.POSITIVE_INFINITY } = {}) {
    const timeout = Math.max(1_000, Math.min(own, left()));
    const shown = [command, ...args].join(" ");
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, { cwd, env, detached: true, stdio: "pipe" });
      running.add(child);
      let stdout = "";
      let stderr = "";
      child.stdout.setEncoding("utf8").on("data", (chunk) => {
        stdout += chunk;
      });
      child.stderr.setEncoding("utf8").on("data", (chunk) => {
        stderr += chunk;
      });
      child.stdin.on("error", () => {});
      child.stdin.end(input ?? "");
      const timer = setTimeout(() => {
        killGroup(child);
        reject(
          new CheckFailure(
            `${shown} did not finish within ${(timeout / 1000).toFixed(0)} s`,
            `${stdout}${stderr}`,
          ),
        );
      }, timeout);
      child.on("error", (error) => {
        clearTimeout(timer);
        running.delete(child);
        reject(new CheckFailure(`${shown} could not start: ${error.message}`));
      });
      child.on("close", (code, signal) => {
        clearTimeout(timer);
        running.delete(child);
        resolve({ code, signal, stdout, stderr, output: `${stdout}${stderr}` });
      });
    });
  }

  /** Runs a command that must exit 0. */
  async function runOk(command, args, options) {
    const r = await run(command, args, options);
    if (r.code !== 0) {
      throw new CheckFailure(
        `${[command, ...args].join(" ")} exited ${r.code ?? r.signal}`,
        r.output.trim(),
      );
    }
    return r;
  }

  /** Kills whatever is still running (on failure or interruption). */
  function stopAll() {
    for (const child of running) killGroup(child);
    running.clear();
  }

  return { step, run, runOk, stopAll, left };
}

function killGroup(child) {
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    child.kill("SIGKILL");
  }
}
