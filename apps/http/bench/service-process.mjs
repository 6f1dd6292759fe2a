// Shared by the benchmarks: the API (or any node script) in its own process, as deployed.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Starts a node script and resolves with its URL once it prints one. A service gets an embedded
 * ledger of its own, in a directory removed when the benchmark exits.
 */
export function startProcess(args, env = {}) {
  const ledgerDir = mkdtempSync(join(tmpdir(), "svc-bench-ledger-"));
  process.once("exit", () => rmSync(ledgerDir, { recursive: true, force: true }));
  const child = spawn(process.execPath, args, {
    env: { ...process.env, LEDGER_DIR: ledgerDir, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.setEncoding("utf8");
    const untilUrl = (d) => {
      out += d;
      const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (!m) return;
      // From then on its output is only drained: kept, a busy service's request log would
      // grow one string in this process, which shares the machine with the load it measures.
      child.stdout.off("data", untilUrl);
      child.stdout.resume();
      resolve({ child, url: m[1] });
    };
    child.stdout.on("data", untilUrl);
    child.once("exit", (code) => reject(new Error(`${args[0]} exited ${code}: ${out}`)));
  });
}

/** A process's resident memory, in MB. */
export const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

export const quantile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
