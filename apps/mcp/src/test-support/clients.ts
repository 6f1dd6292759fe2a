import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { BIN_ENV, MAIN } from "./bin.js";

export interface Connection {
  readonly client: Client;
  close(): Promise<void>;
}

const newClient = () => new Client({ name: "svc-mcp-test", version: "1.0.0" });

/** The SDK client spawning the bin over stdio, as Claude Desktop or Cursor would. */
export async function connectStdio(): Promise<Connection & { stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MAIN],
    env: BIN_ENV,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const client = newClient();
  await client.connect(transport);
  return { client, close: () => client.close(), stderr: () => stderr };
}

/** The SDK client over streamable HTTP to a running `svc-mcp --http`. */
export async function connectHttp(mcpUrl: string): Promise<Connection> {
  const client = newClient();
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
  return { client, close: () => client.close() };
}
