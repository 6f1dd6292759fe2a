// The stdio MCP app (apps/mcp/dist/main.js of the checkout captured, free tools, offline): JSON-RPC lines on its stdin, one
// request at a time, each answer read from its stdout by id. One process per protocol
// generation, each stopped by closing its stdin (as a desktop client does).
import { join } from "node:path";
import { cleanEnv, mcpMain, scratchDir, startGroup } from "./service-process.mjs";

const CLIENT_INFO = { name: "wire-capture", version: "1.0.0" };
const MODERN = "2026-07-28";
const ANSWER_TIMEOUT_MS = 60_000;

/** A started stdio app and a way to send it one message and wait for the answer of its id. */
function stdioApp(root, started) {
  const dir = scratchDir("wire-capture-mcp-");
  const app = startGroup([mcpMain(root)], {
    cwd: dir,
    env: cleanEnv({ OFAC_SNAPSHOT_DIR: join(dir, "snapshots") }),
    stdin: "pipe",
  });
  started.push(app);
  const waiting = new Map();
  let pending = "";
  app.child.stdout.setEncoding("utf8");
  app.child.stdout.on("data", (d) => {
    pending += d;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (line.trim() === "") continue;
      let message;
      try {
        message = JSON.parse(line);
      } catch {
        throw new Error(`stdio MCP wrote a line that is not JSON: ${line.slice(0, 200)}`);
      }
      waiting.get(message.id)?.(message);
    }
  });
  return {
    async send(message) {
      app.child.stdin.write(`${JSON.stringify(message)}\n`);
      if (message.id === undefined) return undefined;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(
            new Error(
              `stdio MCP: no answer to ${message.method} in ${ANSWER_TIMEOUT_MS} ms:\n${app.stderr()}`,
            ),
          );
        }, ANSWER_TIMEOUT_MS);
        waiting.set(message.id, (answer) => {
          clearTimeout(timer);
          waiting.delete(message.id);
          resolve(answer);
        });
      });
    },
    async close() {
      app.child.stdin.end();
      await app.stop();
    },
  };
}

export async function captureStdioMcp(root, recorder, started, { listed, clear }) {
  const c = "mcp-stdio";
  let id = 0;
  const exchange = async (app, label, method, params) => {
    const message = {
      jsonrpc: "2.0",
      id: ++id,
      method,
      ...(params === undefined ? {} : { params }),
    };
    await recorder.recordValue(c, label, message, await app.send(message));
  };

  const legacy = stdioApp(root, started);
  await exchange(legacy, "initialize (2025-11-25)", "initialize", {
    protocolVersion: "2025-11-25",
    capabilities: {},
    clientInfo: CLIENT_INFO,
  });
  await legacy.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  await exchange(legacy, "tools/list", "tools/list");
  await exchange(legacy, "prompts/list", "prompts/list");
  await exchange(legacy, "prompts/get wallet_ofac_screening_brief", "prompts/get", {
    name: "wallet_ofac_screening_brief",
    arguments: { address: listed },
  });
  await exchange(legacy, `tools/call ofac_wallet_screen ${listed}`, "tools/call", {
    name: "ofac_wallet_screen",
    arguments: { address: listed },
  });
  await exchange(legacy, `tools/call ofac_wallet_screen ${clear}`, "tools/call", {
    name: "ofac_wallet_screen",
    arguments: { address: clear },
  });
  await exchange(legacy, "tools/call ofac_wallet_screen 0x12 (invalid address)", "tools/call", {
    name: "ofac_wallet_screen",
    arguments: { address: "0x12" },
  });
  await exchange(legacy, "tools/call batch_wallet_screen", "tools/call", {
    name: "batch_wallet_screen",
    arguments: { addresses: [listed, clear] },
  });
  await exchange(legacy, "tools/call server_capabilities", "tools/call", {
    name: "server_capabilities",
    arguments: {},
  });
  await exchange(legacy, "tools/call list_status", "tools/call", {
    name: "list_status",
    arguments: {},
  });
  await exchange(legacy, "tools/call (unknown tool)", "tools/call", {
    name: "nope",
    arguments: {},
  });
  await legacy.close();

  const modern = stdioApp(root, started);
  const envelope = {
    _meta: {
      "io.modelcontextprotocol/protocolVersion": MODERN,
      "io.modelcontextprotocol/clientInfo": CLIENT_INFO,
      "io.modelcontextprotocol/clientCapabilities": {},
    },
  };
  await exchange(modern, "server/discover (2026-07-28)", "server/discover", envelope);
  await exchange(modern, "tools/list (2026-07-28)", "tools/list", envelope);
  await exchange(modern, `tools/call ofac_wallet_screen ${listed} (2026-07-28)`, "tools/call", {
    name: "ofac_wallet_screen",
    arguments: { address: listed },
    ...envelope,
  });
  await modern.close();
}
