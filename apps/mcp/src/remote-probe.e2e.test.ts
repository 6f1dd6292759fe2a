import { createInterface } from "node:readline";
import { TOOLS } from "@svc/mcp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningBin, startBin, startHttpBin } from "./test-support/bin.js";

// `svc-mcp --remote` under a client that probes: `server/discover` (2026-07-28), then, on the
// same pipe, `initialize` (2025). The SDK's stdio entry answers the probe with one server
// instance and discards it for the handshake's; the proxy must live on until stdin closes. The
// remote is the standalone server over HTTP (free: nothing here is paid).
let remote: { bin: RunningBin; mcpUrl: string };
beforeAll(async () => {
  remote = await startHttpBin();
});
afterAll(async () => {
  await remote?.bin.kill();
});

/** The envelope a 2026-07-28 request carries in its `_meta`. */
const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "probing-client", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

interface Answer {
  readonly id: number;
  readonly result?: Record<string, unknown>;
  readonly error?: { code: number; message: string };
}

/**
 * A JSON-RPC client on the proxy's stdin and stdout, one line per message, as stdio frames them;
 * a request the proxy exits before answering is refused with its exit code.
 */
function rawClient(bin: RunningBin) {
  const answers = new Map<number, (answer: Answer) => void>();
  const lines = createInterface({ input: bin.child.stdout });
  lines.on("line", (line) => {
    const message = JSON.parse(line) as Answer;
    answers.get(message.id)?.(message);
  });
  let next = 1;
  return {
    request(method: string, params: Record<string, unknown> = {}): Promise<Answer> {
      const id = next++;
      const answered = new Promise<Answer>((resolve) => answers.set(id, resolve));
      const gone = bin.exited().then((code) => {
        throw new Error(`svc-mcp exited (${code}) before answering ${method}`);
      });
      bin.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
      return Promise.race([answered, gone]);
    },
    notify(method: string) {
      bin.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method })}\n`);
    },
  };
}

describe("svc-mcp --remote, probed with server/discover and then initialized on the same pipe", () => {
  it("answers both, then lists and calls tools, and lives until stdin closes (exit 0)", async () => {
    const proxy = startBin(["--remote", remote.mcpUrl]);
    try {
      await proxy.waitForLog("ready");
      const client = rawClient(proxy);

      const discovered = await client.request("server/discover", { _meta: MODERN_META });
      expect(discovered.result?.supportedVersions).toContain("2026-07-28");
      const initialized = await client.request("initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "probing-client", version: "1.0.0" },
      });
      expect(initialized.result).toMatchObject({
        protocolVersion: "2025-06-18",
        serverInfo: { name: "ofac-wallet-screening" },
      });
      client.notify("notifications/initialized");

      // Twice over: the discarded probe instance closing stopped the proxy here before.
      for (let round = 0; round < 2; round++) {
        const listed = await client.request("tools/list");
        const tools = (listed.result?.tools ?? []) as { name: string }[];
        expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
        const called = await client.request("tools/call", { name: "list_status", arguments: {} });
        expect(called.result).toMatchObject({
          structuredContent: { success: true, data: { status: "sample" } },
        });
      }
      expect(proxy.logs().some((l) => l.msg === "stopping")).toBe(false);

      proxy.child.stdin.end();
      expect(await proxy.exited()).toBe(0);
      expect(proxy.logs().find((l) => l.msg === "stopping")?.reason).toBe("connection closed");
    } finally {
      await proxy.kill();
    }
  });
});
