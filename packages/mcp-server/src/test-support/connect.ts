import {
  connectLinked,
  connectTestClient,
  type Generation,
  type McpTestClient,
  testClientOf,
} from "@svc/test-support/mcp-client";
import { createMcpHttpHandler } from "../http/mcp-http-handler.js";
import { createMcpServer, type McpServerOptions } from "../server/create-server.js";

/**
 * A client of `generation` connected to a server built from `options`, in this process:
 * - 2025-11-25: the SDK 1.x `Client` (what the Inspector and most deployed clients run) over
 *   its in-memory transport, after the `initialize` handshake;
 * - 2026-07-28: the SDK 2 `Client` pinned to that revision (no handshake: `server/discover`,
 *   then the `_meta` envelope on every request), over streamable HTTP served in-process by the
 *   same handler the hosts mount.
 */
export async function connect(
  options: McpServerOptions,
  generation: Generation = "2025-11-25",
): Promise<McpTestClient> {
  if (generation === "2025-11-25") {
    return testClientOf(await connectLinked(createMcpServer(options)), generation);
  }
  return connectTestClient("http://mcp.test/mcp", generation, {
    answer: createMcpHttpHandler(options),
  });
}
