// The processes the capture starts: the service from its built dist (offline: embedded sample
// edition, its own local chain) and the stdio MCP app. Each runs in a process group of its own
// (the service's anvil included), stopped with SIGTERM, then SIGKILL, when the capture ends,
// fails or is interrupted.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The built service and stdio MCP app of the checkout at `root`. */
const serviceMain = (root) => join(root, "apps/http/dist/main.js");
export const mcpMain = (root) => join(root, "apps/mcp/dist/main.js");

/**
 * A capture-only Ed25519 key (made with `node apps/http/dist/generate-signing-key.js`): with a
 * fixed key the key set and every `kid` are the same each run. It signs nothing but captures.
 */
const CAPTURE_SIGNING_KEY = JSON.stringify({
  kty: "OKP",
  crv: "Ed25519",
  x: "ar2OcahYvXZPRIzZa9Zd2Z8nYebB30-ekzw5tSsIRaA",
  d: "vJdqr31G17ktqHNhXxxwuHtzDv5T-QZzsMEo23qurBI",
  kid: "xA9woTWhQqlYk0ytm1tbbMmTFKu27aWw6RJJ_s4NixY",
  alg: "EdDSA",
  use: "sig",
});

/** How long a process may take to start, and to stop once told to. */
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;

/** Process groups still running, killed outright if the capture exits without stopping them. */
const running = new Set();
process.once("exit", () => {
  for (const pid of running) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {}
  }
});

/** Directories made for the processes, removed when the capture exits. */
const dirs = [];
process.once("exit", () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
export function scratchDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/**
 * Only what the capture chooses reaches the processes: none of the shell's settings (a
 * DATABASE_URL, an OFAC_SOURCE, a FACILITATOR_URL) may change what they answer.
 */
export const cleanEnv = (env) => ({
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: process.env.HOME ?? "/tmp",
  TZ: "UTC",
  LANG: "C.UTF-8",
  ...env,
});

/** `node <args>` in its own process group, with `stop()` that ends the whole group. */
export function startGroup(args, { env, cwd, stdin = "ignore" }) {
  const child = spawn(process.execPath, args, {
    cwd,
    env,
    detached: true,
    stdio: [stdin, "pipe", "pipe"],
  });
  running.add(child.pid);
  const exited = once(child, "exit");
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  const kill = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {}
  };
  return {
    child,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        kill("SIGTERM");
        const timer = setTimeout(() => kill("SIGKILL"), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      // Whatever the group still holds (anvil, if the service died before stopping it).
      kill("SIGKILL");
      running.delete(child.pid);
    },
  };
}

/**
 * The service (apps/http/dist/main.js of the checkout at `root`) on a free port, development payments through its own
 * devnet, the embedded sample edition, a fresh ledger; `env` adds settings (settlement mode).
 * Resolves once it says where it listens, with its URL and its chain's.
 */
export async function startService(root, env = {}) {
  const dir = scratchDir("wire-capture-service-");
  const group = startGroup([serviceMain(root)], {
    cwd: dir,
    env: cleanEnv({
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_REQUESTS: "0",
      LEDGER_DIR: join(dir, "ledger"),
      OFAC_SNAPSHOT_DIR: join(dir, "snapshots"),
      OFAC_REFRESH_MINUTES: "10080",
      RENDER_THREADS: "1",
      SIGNING_KEY: CAPTURE_SIGNING_KEY,
      ...env,
    }),
  });
  const { child } = group;
  let out = "";
  child.stdout.setEncoding("utf8");
  try {
    const urls = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`service not listening within ${START_TIMEOUT_MS} ms`)),
        START_TIMEOUT_MS,
      );
      child.stdout.on("data", (d) => {
        out += d;
        const service = /svc API listening on (http:\/\/\S+)/.exec(out)?.[1];
        // "local devnet (anvil URL, …" before the devnet could stand in for Base Sepolia;
        // "local devnet standing in for … (…; anvil URL, …" since.
        const anvil = /local devnet [^\n]*?\banvil (http:\/\/[^\s,]+),/.exec(out)?.[1];
        if (service !== undefined && anvil !== undefined) {
          clearTimeout(timer);
          resolve({ service, anvil });
        }
      });
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`service exited (${signal ?? code}):\n${out}\n${group.stderr()}`));
      });
    });
    return { ...group, url: urls.service, anvilUrl: urls.anvil, output: () => out };
  } catch (error) {
    await group.stop();
    throw error;
  }
}
