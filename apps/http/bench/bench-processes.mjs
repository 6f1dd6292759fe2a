// Shared by the benchmarks: processes they start (the service as deployed, a devnet of its own)
// and stop, every one, also on failure or a signal.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { payerAccounts } from "@svc/x402-devnet";

const MAIN = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const DEVNET_CLI = fileURLToPath(new URL("./cli/main.js", import.meta.resolve("@svc/x402-devnet")));
/** How long a process may take to say it is ready, and to exit once told to stop. */
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 45_000;
/** The service's settings a benchmark chooses for it. */
const SERVICE_CHOICES = [
  "DATABASE_URL",
  "DEVNET_BLOCK_TIME",
  "FACILITATOR_URL",
  "PAY_TO",
  "SVC_MODE",
  "X402_RPC_URL",
  "X402_SETTLEMENT",
  "X402_DEFERRED_MAX_USD",
];

/** Processes still running; each stops what it started (anvil) when told SIGTERM. */
const running = new Set();
/** Asynchronous cleanups (a cluster, directories), the last registered first. */
const cleanups = [];
process.once("exit", () => {
  for (const started of running) started.child.kill("SIGTERM");
});
let signalled = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    signalled = true;
    console.error(`${signal}: stopping what the bench started`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** Whether the bench was told to stop (what fails after that is the stopping, not the bench). */
export const stopping = () => signalled;

/** Runs `cleanup` (async) when the bench cleans up, after every process stopped. */
export const onCleanUp = (cleanup) => cleanups.push(cleanup);

let cleaning;
/**
 * Stops every process still running, then runs the cleanups; once, however often it is called
 * (a signal may come while the bench is cleaning up already).
 */
export function cleanUp() {
  cleaning ??= (async () => {
    // The services first: one stopping finishes its settlements in flight on the devnet.
    const services = [...running].filter((started) => !started.servesOthers);
    await Promise.allSettled(services.map((started) => started.stop()));
    await Promise.allSettled([...running].map((started) => started.stop()));
    while (cleanups.length > 0) {
      await cleanups
        .pop()()
        .catch(() => {});
    }
  })();
  return cleaning;
}

/** CPU time a process has used (user + system), in seconds (clock ticks of 1/100 s). */
function cpuSecondsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * `node <args>` in its own process; resolves once `ready` (given each line of its stdout) returns
 * something. Every line goes to `onLine` as well.
 */
async function startNode(name, args, env, ready, { onLine = () => {}, servesOthers = false } = {}) {
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  const exited = once(child, "exit");
  const started = {
    name,
    child,
    /** Other processes depend on it (a devnet): stopped after them. */
    servesOthers,
    /** CPU time the process has used (user + system), in seconds. */
    cpuSeconds: () => cpuSecondsOf(child.pid),
    /** CPU time its running child processes have used, in seconds. */
    childrenCpuSeconds() {
      const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8");
      return children
        .split(" ")
        .filter((pid) => pid !== "")
        .reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);
    },
    /** The most memory the process has held (VmHWM), in MB. */
    peakRssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      running.delete(started);
    },
  };
  running.add(started);
  let output = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  child.stdout.setEncoding("utf8");
  const value = await new Promise((resolve, reject) => {
    let found;
    let pending = "";
    const timer = setTimeout(
      () => reject(new Error(`${name}: not ready within ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    );
    child.stdout.on("data", (chunk) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (found === undefined) {
          output += `${line}\n`;
          found = ready(line);
          if (found !== undefined) {
            clearTimeout(timer);
            resolve(found);
          }
        }
        onLine(line);
      }
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name}: exited (${signal ?? code}) before it was ready:\n${output}`));
    });
  });
  return { started, value };
}

/**
 * The service from its built main.js, with no request log and an embedded ledger in a temporary
 * directory unless `DATABASE_URL` is given; resolves once it says where it listens. Its settler's
 * retries and failures are counted from its log (`settler`).
 */
export async function startService(name, env) {
  const ledgerDir = mkdtempSync(join(tmpdir(), "svc-bench-ledger-"));
  onCleanUp(async () => {
    rmSync(ledgerDir, { recursive: true, force: true });
    // The ledger's directory lock, beside it: left behind if the service did not close its ledger.
    rmSync(`${ledgerDir}.lock`, { force: true });
  });
  const settler = { retries: 0, failed: 0, retryReasons: new Set() };
  const { started, value: url } = await startNode(
    name,
    [MAIN],
    {
      ...process.env,
      // Only what the bench says chooses the ledger, the chain and the settlement (an empty
      // setting is an unset one), whatever the shell running it has set.
      ...Object.fromEntries(SERVICE_CHOICES.map((name) => [name, ""])),
      PORT: "0",
      LOG_REQUESTS: "0",
      OFAC_REFRESH_MINUTES: "10080",
      LEDGER_DIR: ledgerDir,
      ...env,
    },
    (line) => /svc API listening on (http:\/\/\S+)/.exec(line)?.[1],
    {
      onLine: (line) => {
        if (!line.startsWith("{")) return;
        let event;
        try {
          event = JSON.parse(line).settlement;
        } catch {
          return;
        }
        if (event?.type === "retry") {
          settler.retries++;
          settler.retryReasons.add(String(event.error).slice(0, 80));
        } else if (event?.type === "failed") settler.failed++;
      },
    },
  );
  return { ...started, url, settler };
}

/**
 * A devnet of its own (the `x402-devnet` CLI of @svc/x402-devnet: anvil, USDC, funded payers, the
 * facilitator over HTTP) in its own process, so that its facilitator's work is not the load
 * generator's. Resolves with what it prints (rpcUrl, facilitatorUrl, usdc, payTo, …) and the
 * payers' (public devnet) keys.
 */
export async function startDevnetProcess({ payers, blockTimeSeconds }) {
  const args = [DEVNET_CLI, "--payers", String(payers)];
  if (blockTimeSeconds !== undefined) args.push("--block-time", String(blockTimeSeconds));
  const { started, value: info } = await startNode(
    "x402-devnet",
    args,
    process.env,
    (line) => (line.startsWith("{") ? JSON.parse(line) : undefined),
    { servesOthers: true },
  );
  return { ...started, ...info, payerKeys: payerAccounts(payers).map((p) => p.privateKey) };
}
