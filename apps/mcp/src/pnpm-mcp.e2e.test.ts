import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { TOOLS } from "@svc/mcp-server";
import { connectStdio } from "@svc/test-support/mcp-client";
import { afterAll, describe, expect, it } from "vitest";

/** The checkout, where the root README's client configuration points. */
const REPOSITORY = fileURLToPath(new URL("../../../", import.meta.url));

/** What the README's configuration says instead of the checkout's path. */
const CHECKOUT_PLACEHOLDER = "/absolute/path/to/svc";

interface StdioServer {
  readonly command: string;
  readonly args: readonly string[];
}

/** The stdio server of the root README's MCP section, as a client configuration names it. */
function readmeStdioServer(): StdioServer {
  const readme = readFileSync(`${REPOSITORY}README.md`, "utf8");
  const blocks = [...readme.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
  const configs = blocks
    .filter((block) => block.includes('"mcpServers"') && block.includes('"command"'))
    .map((block) => JSON.parse(block) as { mcpServers: Record<string, StdioServer> });
  expect(configs, "the README has one stdio client configuration").toHaveLength(1);
  const servers = Object.values(configs[0]?.mcpServers ?? {});
  expect(servers).toHaveLength(1);
  const server = servers[0];
  if (server === undefined) throw new Error("no server in the README's configuration");
  expect(server.args).toContain(CHECKOUT_PLACEHOLDER);
  return server;
}

// The README's configuration, run as a desktop client runs it: the command spawned with only the
// SDK's default environment (PATH, HOME and a few others), the server's stdout read as the
// protocol and nothing else. The build exists (tests run after it), so `pnpm mcp` builds from
// turbo's cache before it serves.
describe("the root README's stdio configuration (`pnpm mcp`)", () => {
  let client: Client | undefined;
  afterAll(async () => {
    await client?.close();
  });

  it("serves the tool server over stdio to the SDK client, stdout carrying only JSON-RPC", async () => {
    const server = readmeStdioServer();
    const connection = await connectStdio({
      command: server.command,
      args: server.args.map((a) => (a === CHECKOUT_PLACEHOLDER ? REPOSITORY : a)),
    });
    client = connection.client;
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    // A line on stdout that is not JSON-RPC (the build's output) is one of the client's errors.
    expect(connection.errors, connection.stderr()).toEqual([]);
    expect(client.getServerVersion()?.name).toBe("ofac-wallet-screening");
  }, 180_000);
});
