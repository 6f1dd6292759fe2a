import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { TOOLS } from "@svc/mcp-server";
import { GENERATIONS } from "@svc/test-support/mcp-client";
import { describe, expect, it } from "vitest";
import { USAGE } from "./cli/parse-args.js";
import { MAIN, startBin } from "./test-support/bin.js";
import { connectBinStdio } from "./test-support/clients.js";
import { describeToolServer } from "./test-support/conformance.js";

for (const generation of GENERATIONS) {
  describeToolServer("stdio", generation, () => connectBinStdio(generation));
}

const run = promisify(execFile);

/** A JSON-RPC request line, as a client writes it on the server's stdin. */
const rpc = (id: number, method: string, params: Record<string, unknown>) =>
  `${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`;

const exampleOf = (name: string) => TOOLS.find((t) => t.name === name)?.inputExample;

describe("svc-mcp over stdio, as a process", () => {
  it("answers what was sent, writes only JSON-RPC on stdout and JSON lines on stderr, and exits 0 when stdin closes", async () => {
    const bin = startBin([]);
    let stdout = "";
    bin.child.stdout.setEncoding("utf8");
    bin.child.stdout.on("data", (chunk: string) => {
      stdout += chunk;
    });
    bin.child.stdin.write(
      rpc(1, "initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "raw", version: "1" },
      }),
    );
    bin.child.stdin.write(
      `${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`,
    );
    // Documents render in worker threads: their output must not reach stdout either.
    bin.child.stdin.write(
      rpc(2, "tools/call", {
        name: "ofac_wallet_report",
        arguments: exampleOf("ofac_wallet_report"),
      }),
    );
    bin.child.stdin.write(
      rpc(3, "tools/call", {
        name: "report_docx_generate",
        arguments: exampleOf("report_docx_generate"),
      }),
    );
    bin.child.stdin.write(rpc(4, "prompts/list", {}));
    // Closing stdin at once: the requests already sent are still answered before it exits.
    bin.child.stdin.end();
    expect(await bin.exited()).toBe(0);

    const messages = stdout
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l) as { jsonrpc: string; id: number; error?: unknown })
      // Answers come as they are ready: the rendered ones last.
      .sort((a, b) => a.id - b.id);
    expect(messages.map((m) => [m.jsonrpc, m.id, m.error])).toEqual([
      ["2.0", 1, undefined],
      ["2.0", 2, undefined],
      ["2.0", 3, undefined],
      ["2.0", 4, undefined],
    ]);
    const events = bin.logs().map((l) => l.msg);
    expect(events).toEqual(["list.loaded", "ready", "stopping", "stopped"]);
    expect(bin.logs().find((l) => l.msg === "stopping")?.reason).toBe("stdin ended");
    expect(bin.logs().find((l) => l.msg === "ready")).toMatchObject({
      transport: "stdio",
      list: { ready: true, sample: true },
    });
  });

  it.each(["SIGTERM", "SIGINT"] as const)(
    "stops the runtime and exits 0 on %s while the client is still connected",
    async (signal) => {
      const bin = startBin([]);
      await bin.waitForLog("ready");
      bin.child.kill(signal);
      expect(await bin.exited()).toBe(0);
      expect(bin.logs().map((l) => [l.msg, l.reason])).toEqual([
        ["list.loaded", undefined],
        ["ready", undefined],
        ["stopping", signal],
        ["stopped", signal],
      ]);
    },
  );

  it("refuses an unknown flag on stderr with exit code 2, and prints help with --help", async () => {
    const refused = await run(process.execPath, [MAIN, "--stdio"]).then(
      () => undefined,
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    expect(refused?.code).toBe(2);
    expect(refused?.stdout).toBe("");
    expect(refused?.stderr).toBe(
      "svc-mcp: unknown option --stdio\nRun svc-mcp --help for usage.\n",
    );
    const help = await run(process.execPath, [MAIN, "--help"]);
    expect(help.stdout).toBe(USAGE);
    expect(help.stderr).toBe("");
  });

  it("fails to start on a bad list setting, saying which (exit code 1)", async () => {
    const bin = startBin([], { OFAC_REFRESH_MINUTES: "0" });
    expect(await bin.exited()).toBe(1);
    expect(bin.logs()).toEqual([
      expect.objectContaining({
        level: "error",
        msg: "start.failed",
        err: expect.objectContaining({
          message: 'OFAC_REFRESH_MINUTES must be an integer from 1 to 10080, got "0"',
        }),
      }),
    ]);
  });
});
