import { type ChildProcess, spawn } from "node:child_process";
import { reapOnExit } from "./child-reaper.js";
import { resolveAnvilBinary } from "./resolve-anvil-binary.js";

export interface StartAnvilOptions {
  /** Port for the JSON-RPC server; 0 (the default) lets the OS pick a free one. */
  port?: number;
  /** Chain id; 8453 (Base) by default so that x402's `eip155:8453` defaults apply unchanged. */
  chainId?: number;
  /** How long to wait for the node to answer `eth_chainId` (default 15 000 ms). */
  timeoutMs?: number;
  /** Extra command-line arguments for anvil (e.g. `["--block-time", "1"]`). */
  args?: readonly string[];
  /** The executable; by default the one shipped by @foundry-rs/anvil (see resolveAnvilBinary). */
  binary?: string;
}

export interface AnvilInstance {
  /** `http://127.0.0.1:PORT`. */
  readonly rpcUrl: string;
  readonly port: number;
  readonly chainId: number;
  /** The anvil process id (to check from outside that it is gone after stop()). */
  readonly pid: number;
  /** Ends the process (SIGTERM, then SIGKILL after 3 s) and resolves once it has exited. */
  stop(): Promise<void>;
}

/** The line anvil prints once its server is bound; with --port 0 it is the only way to learn the port. */
const LISTENING = /Listening on ([\d.]+):(\d+)/;
const OUTPUT_TAIL_CHARS = 4000;

/**
 * Starts anvil on 127.0.0.1 and resolves once it answers `eth_chainId` with the expected id.
 *
 * anvil is not started with --silent: --silent also hides the "Listening on" line, and with port 0
 * that line is the only reliable source of the port (picking a free port ourselves and passing it
 * down leaves a window in which another process can take it). Its per-request log lines are
 * drained and dropped, so the pipe never fills and blocks the node.
 */
export async function startAnvil(options: StartAnvilOptions = {}): Promise<AnvilInstance> {
  const port = options.port ?? 0;
  const chainId = options.chainId ?? 8453;
  const timeoutMs = options.timeoutMs ?? 15_000;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new RangeError(`port must be an integer from 0 to 65535, got ${port}`);
  }
  const binary = options.binary ?? resolveAnvilBinary();
  const args = [
    "--chain-id",
    String(chainId),
    "--host",
    "127.0.0.1",
    "--port",
    String(port),
    "--color",
    "never",
    ...(options.args ?? []),
  ];
  const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
  const reaper = reapOnExit(child);
  // "error" without "exit" is how a failed spawn (ENOENT, EACCES) ends.
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.once("error", () => resolve());
  }).then(() => reaper.release());

  let tail = "";
  const remember = (chunk: Buffer) => {
    tail = (tail + chunk.toString("utf8")).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stderr?.on("data", remember);

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
        await exited;
        clearTimeout(timer);
      }
      await exited;
    })();
    return stopping;
  };

  try {
    const boundPort = await waitForListening(child, remember, timeoutMs, () => tail);
    const rpcUrl = `http://127.0.0.1:${boundPort}`;
    await waitForChainId(rpcUrl, chainId, timeoutMs, child, () => tail);
    return { rpcUrl, port: boundPort, chainId, pid: child.pid ?? -1, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function waitForListening(
  child: ChildProcess,
  remember: (chunk: Buffer) => void,
  timeoutMs: number,
  tail: () => string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    let buffered = "";
    const stdout = child.stdout;
    if (stdout === null) throw new Error("anvil was spawned without a stdout pipe");
    const cleanup = () => {
      clearTimeout(timer);
      stdout.off("data", onData);
      child.off("exit", onExit);
      child.off("error", onError);
      // From now on the output is only kept for error messages.
      stdout.on("data", remember);
    };
    const onData = (chunk: Buffer) => {
      remember(chunk);
      buffered += chunk.toString("utf8");
      const match = LISTENING.exec(buffered);
      if (match?.[2] !== undefined) {
        cleanup();
        resolve(Number(match[2]));
      } else if (buffered.length > 64_000) {
        buffered = buffered.slice(-200);
      }
    };
    const onExit = (code: number | null, signal: string | null) => {
      cleanup();
      reject(new Error(`anvil exited (${signal ?? code}) before listening:\n${tail()}`));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(new Error(`could not start anvil: ${error.message}`, { cause: error }));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`anvil did not report a port within ${timeoutMs} ms:\n${tail()}`));
    }, timeoutMs);
    stdout.on("data", onData);
    child.once("exit", onExit);
    child.once("error", onError);
  });
}

/** Polls `eth_chainId` every 10 ms: the socket is bound before the RPC service always answers. */
async function waitForChainId(
  rpcUrl: string,
  expected: number,
  timeoutMs: number,
  child: ChildProcess,
  tail: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`anvil exited while starting:\n${tail()}`);
    }
    try {
      const response = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      });
      const body = (await response.json()) as { result?: string };
      if (typeof body.result === "string") {
        const actual = Number.parseInt(body.result, 16);
        if (actual !== expected) {
          throw new Error(`anvil at ${rpcUrl} reports chain id ${actual}, expected ${expected}`);
        }
        return;
      }
      lastError = new Error(`unexpected eth_chainId answer ${JSON.stringify(body)}`);
    } catch (error) {
      if (error instanceof Error && error.message.includes("reports chain id")) throw error;
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`anvil at ${rpcUrl} did not answer eth_chainId within ${timeoutMs} ms`, {
    cause: lastError,
  });
}
