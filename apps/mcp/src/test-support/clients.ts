import {
  connectStdio,
  type Generation,
  type McpTestClient,
  testClientOf,
} from "@svc/test-support/mcp-client";
import { BIN_ENV, MAIN } from "./bin.js";

/**
 * A client of `generation` spawning the bin over stdio, as Claude Desktop or Cursor would:
 * the SDK 1.x client (2025-11-25, the `initialize` handshake) or the SDK 2 client (2026-07-28).
 */
export async function connectBinStdio(generation: Generation): Promise<McpTestClient> {
  const { client } = await connectStdio(
    { command: process.execPath, args: [MAIN], env: BIN_ENV },
    generation,
  );
  return testClientOf(client, generation);
}
