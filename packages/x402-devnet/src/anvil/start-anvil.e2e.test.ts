import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anvilAccount } from "../accounts/devnet-accounts.js";
import { jsonRpc } from "../chain/json-rpc.js";
import { resolveAnvilBinary } from "./resolve-anvil-binary.js";
import { type AnvilInstance, startAnvil } from "./start-anvil.js";

/** The built module (a plain Node child cannot import TypeScript); `pnpm test` builds first. */
const DIST_START_ANVIL = fileURLToPath(new URL("../../dist/anvil/start-anvil.js", import.meta.url));

/**
 * Whether a process with this pid is running. Signal 0 checks existence without signalling; on
 * Linux a zombie (state Z: dead, waiting for whoever adopted it to reap it) also counts as gone,
 * since an orphan killed after its parent exited stays a zombie until PID 1 gets to it.
 */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
    throw error;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return process.platform !== "linux";
  }
}

async function waitUntilGone(pid: number, ms = 3000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return !alive(pid);
}

describe("resolveAnvilBinary", () => {
  it("finds the binary of the platform package through @foundry-rs/anvil", () => {
    const binary = resolveAnvilBinary({});
    expect(existsSync(binary)).toBe(true);
    expect(binary).toMatch(/@foundry-rs[/\\]anvil-[a-z0-9]+-[a-z0-9]+[/\\]bin[/\\]anvil(\.exe)?$/);
  });

  it("honours ANVIL_BINARY and refuses a missing one", () => {
    const real = resolveAnvilBinary({});
    expect(resolveAnvilBinary({ ANVIL_BINARY: real })).toBe(real);
    expect(() => resolveAnvilBinary({ ANVIL_BINARY: "/nonexistent/anvil" })).toThrow(
      /ANVIL_BINARY/,
    );
  });
});

describe("startAnvil", () => {
  let anvil: AnvilInstance;
  beforeAll(async () => {
    anvil = await startAnvil();
  });
  afterAll(async () => {
    await anvil?.stop();
  });

  it("learns the OS-assigned port and answers with chain id 8453", async () => {
    expect(anvil.port).toBeGreaterThan(0);
    expect(anvil.rpcUrl).toBe(`http://127.0.0.1:${anvil.port}`);
    expect(await jsonRpc<string>(anvil.rpcUrl, "eth_chainId", [])).toBe("0x2105");
    expect(alive(anvil.pid)).toBe(true);
  });

  it("uses anvil's default mnemonic accounts, as devnet-accounts.ts hard-codes them", async () => {
    const accounts = await jsonRpc<string[]>(anvil.rpcUrl, "eth_accounts", []);
    expect(accounts).toHaveLength(10);
    accounts.forEach((address, i) => {
      expect(address.toLowerCase()).toBe(anvilAccount(i).address.toLowerCase());
    });
  });

  it("starts a second node on another port at the same time, and honours an explicit port", async () => {
    const second = await startAnvil();
    try {
      expect(second.port).not.toBe(anvil.port);
      const third = await startAnvil({ port: second.port + 1 });
      try {
        expect(third.port).toBe(second.port + 1);
      } finally {
        await third.stop();
      }
    } finally {
      await second.stop();
    }
  });

  it("rejects when the port is taken", async () => {
    await expect(startAnvil({ port: anvil.port, timeoutMs: 5000 })).rejects.toThrow(/anvil/);
  });

  it("rejects with anvil's own message on a bad argument", async () => {
    await expect(startAnvil({ args: ["--no-such-flag"] })).rejects.toThrow(/no-such-flag/);
  });
});

describe("anvil process lifetime", () => {
  it("stop() ends the process, and is idempotent", async () => {
    const anvil = await startAnvil();
    expect(alive(anvil.pid)).toBe(true);
    await anvil.stop();
    expect(alive(anvil.pid)).toBe(false);
    await anvil.stop();
    await expect(jsonRpc(anvil.rpcUrl, "eth_chainId", [])).rejects.toThrow();
  });

  it("stays up on SIGTERM while another listener owns the shutdown, and does not outlive it", async () => {
    // A process that handles SIGTERM itself (as the service does, to finish its work): anvil
    // still answers after the signal, until the process stops it or exits.
    const script = `
      const { startAnvil } = await import(${JSON.stringify(DIST_START_ANVIL)});
      const anvil = await startAnvil();
      process.once("SIGTERM", async () => {
        const res = await fetch(anvil.rpcUrl, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
        }).then((r) => r.json(), (e) => ({ error: String(e) }));
        console.log(JSON.stringify(res));
        process.exit(0);
      });
      console.log(anvil.pid);
    `;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const lines: string[] = [];
    const pid = await new Promise<number>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        lines.push(...chunk.toString().trim().split("\n"));
        if (lines.length === 1) resolve(Number(lines[0]));
      });
      child.once("exit", (code) => reject(new Error(`child exited early (${code})`)));
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(JSON.parse(lines[1] ?? "{}")).toMatchObject({ result: "0x2105" });
    expect(await waitUntilGone(pid)).toBe(true);
  });

  for (const ending of ["exit", "SIGTERM", "SIGINT"] as const) {
    it(`does not outlive its parent when the parent ends by ${ending}`, async () => {
      // A separate Node process (the built package) that starts anvil, prints its pid and
      // then ends without calling stop(): by process.exit() once told to on stdin, or by a signal.
      const script = `
        const { startAnvil } = await import(${JSON.stringify(DIST_START_ANVIL)});
        const anvil = await startAnvil();
        console.log(anvil.pid);
        process.stdin.once("data", () => process.exit(0));
      `;
      const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
        stdio: ["pipe", "pipe", "inherit"],
      });
      const pid = await new Promise<number>((resolve, reject) => {
        child.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
        child.once("exit", (code) => reject(new Error(`child exited early (${code})`)));
      });
      expect(alive(pid)).toBe(true);
      const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        child.once("exit", (code, signal) => resolve({ code, signal })),
      );
      if (ending === "exit") child.stdin.write("exit\n");
      else child.kill(ending);
      const result = await exited;
      expect(result).toEqual(
        ending === "exit" ? { code: 0, signal: null } : { code: null, signal: ending },
      );
      expect(await waitUntilGone(pid)).toBe(true);
    });
  }
});
