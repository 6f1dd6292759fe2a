import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { HTTPFacilitatorClient } from "@x402/core/server";
import { afterEach, describe, expect, it } from "vitest";
import { isDevnetKey } from "../accounts/devnet-accounts.js";
import { jsonRpc } from "../chain/json-rpc.js";

/** The built bin (`pnpm test` builds first, as for every CLI test in this repository). */
const BIN = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

interface Printed {
  rpcUrl: string;
  chainId: number;
  network: string;
  v1Network: string;
  usdcName: string;
  facilitatorUrl: string;
  usdc: string;
  payTo: string;
  blockTimeSeconds: number | null;
  demoPayer: { address: string; privateKey: string; warning: string };
  startupMs: number;
}

let running: ChildProcessWithoutNullStreams | undefined;
afterEach(() => {
  running?.kill("SIGKILL");
  running = undefined;
});

/** Starts the CLI and resolves with the JSON line it prints once the stack is up. */
function start(
  ...args: string[]
): Promise<{ child: ChildProcessWithoutNullStreams; out: Printed }> {
  const child = spawn(process.execPath, [BIN, ...args]);
  running = child;
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
    });
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
      const newline = stdout.indexOf("\n");
      if (newline >= 0) resolve({ child, out: JSON.parse(stdout.slice(0, newline)) as Printed });
    });
    child.once("exit", (code) => reject(new Error(`x402-devnet exited (${code}): ${stderr}`)));
  });
}

const exitOf = (child: ChildProcessWithoutNullStreams) =>
  new Promise<{ code: number | null; stderr: string }>((resolve) => {
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
    });
    child.once("exit", (code) => resolve({ code, stderr }));
  });

describe("x402-devnet CLI", () => {
  it("prints the stack as JSON, serves the facilitator, and stops cleanly on SIGTERM", async () => {
    const { child, out } = await start();
    expect(out).toMatchObject({ chainId: 8453, network: "eip155:8453", v1Network: "base" });
    expect(out.usdc).toBe("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
    expect(out.usdcName).toBe("USD Coin");
    expect(out.facilitatorUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(out.demoPayer.warning).toMatch(/PUBLIC anvil devnet key/);
    expect(isDevnetKey(out.demoPayer.privateKey)).toBe(true);
    expect(await jsonRpc(out.rpcUrl, "eth_chainId", [])).toBe("0x2105");
    const supported = await new HTTPFacilitatorClient({ url: out.facilitatorUrl }).getSupported();
    expect(supported.kinds).toEqual([
      { x402Version: 2, scheme: "exact", network: "eip155:8453" },
      { x402Version: 1, scheme: "exact", network: "base" },
    ]);

    const exited = exitOf(child);
    child.kill("SIGTERM");
    const { code, stderr } = await exited;
    expect(code).toBe(0);
    expect(stderr).toContain("stopped");
    await expect(jsonRpc(out.rpcUrl, "eth_chainId", [])).rejects.toThrow();
    await expect(fetch(`${out.facilitatorUrl}/supported`)).rejects.toThrow();
  });

  it("honours --port, --rpc-port and --block-time, and stops on SIGINT", async () => {
    // Free ports picked by a first run, reused by a second.
    const first = await start();
    const rpcPort = Number(new URL(first.out.rpcUrl).port);
    const port = Number(new URL(first.out.facilitatorUrl).port);
    const firstExit = exitOf(first.child);
    first.child.kill("SIGTERM");
    await firstExit;

    expect(first.out.blockTimeSeconds).toBeNull();

    const { child, out } = await start(
      "--port",
      String(port),
      "--rpc-port",
      String(rpcPort),
      "--block-time",
      "2",
    );
    expect(out.blockTimeSeconds).toBe(2);
    expect(await jsonRpc(out.rpcUrl, "anvil_getAutomine", [])).toBe(false);
    expect(out.rpcUrl).toBe(`http://127.0.0.1:${rpcPort}`);
    expect(out.facilitatorUrl).toBe(`http://127.0.0.1:${port}`);
    const exited = exitOf(child);
    child.kill("SIGINT");
    expect((await exited).code).toBe(0);
  });

  it("--network eip155:84532 runs on Base Sepolia: chain id 84532, its USDC, v2 and v1 served", async () => {
    const { child, out } = await start("--network", "eip155:84532");
    expect(out).toMatchObject({
      chainId: 84532,
      network: "eip155:84532",
      v1Network: "base-sepolia",
      usdc: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
      usdcName: "USDC",
    });
    expect(await jsonRpc(out.rpcUrl, "eth_chainId", [])).toBe("0x14a34");
    const supported = await new HTTPFacilitatorClient({ url: out.facilitatorUrl }).getSupported();
    expect(supported.kinds).toEqual([
      { x402Version: 2, scheme: "exact", network: "eip155:84532" },
      { x402Version: 1, scheme: "exact", network: "base-sepolia" },
    ]);
    const exited = exitOf(child);
    child.kill("SIGTERM");
    expect((await exited).code).toBe(0);
  });

  it("rejects bad options with exit code 2 and prints usage on --help", () => {
    const net = spawnSync(process.execPath, [BIN, "--network", "base-sepolia"], {
      encoding: "utf8",
    });
    expect(net.status).toBe(2);
    expect(net.stderr).toMatch(/--network must be eip155:8453 or eip155:84532/);
    const bad = spawnSync(process.execPath, [BIN, "--port", "http"], { encoding: "utf8" });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--port must be a port number/);
    const slow = spawnSync(process.execPath, [BIN, "--block-time", "0"], { encoding: "utf8" });
    expect(slow.status).toBe(2);
    expect(slow.stderr).toMatch(/--block-time must be a whole number of seconds from 1 to 60/);
    const help = spawnSync(process.execPath, [BIN, "--help"], { encoding: "utf8" });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: x402-devnet/);
  });
});
