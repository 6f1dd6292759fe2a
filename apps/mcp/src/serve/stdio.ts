import { serveStdio as serveStdioEntry } from "@modelcontextprotocol/server/stdio";
import { createMcpServer, type McpServerOptions } from "@svc/mcp-server";
import { DrainingStdioTransport } from "./draining-stdio-transport.js";

/** A transport being served: how to stop it. */
export interface Serving {
  close(): Promise<void>;
}

/**
 * The tool server on this process's stdin and stdout (one client, the one that spawned us), to a
 * client of either protocol generation: the SDK's stdio entry reads the opening exchange (a
 * 2026-07-28 `server/discover` or a 2025 `initialize`) and keeps the connection on that revision.
 * `onEnd` is called once when the client goes away: stdin ends or closes, or the transport
 * closes. The SDK's transport does not watch for the end of stdin itself, and the runtime's
 * timers and render workers would otherwise keep the process alive after the client left.
 * `close` answers the requests already taken before it closes the transport.
 */
export function serveStdio(options: McpServerOptions, onEnd: (reason: string) => void): Serving {
  const transport = new DrainingStdioTransport();
  let ended = false;
  const end = (reason: string) => {
    if (ended) return;
    ended = true;
    onEnd(reason);
  };
  process.stdin.once("end", () => end("stdin ended"));
  process.stdin.once("close", () => end("stdin closed"));
  // A client that stops reading: writing the next answer fails with EPIPE, and no answer
  // still owed can be delivered.
  let stdoutClosed: () => void = () => {};
  const unwritable = new Promise<void>((resolve) => {
    stdoutClosed = resolve;
  });
  process.stdout.on("error", () => {
    stdoutClosed();
    end("stdout closed");
  });
  transport.onClosed = () => end("transport closed");
  const serving = serveStdioEntry(() => createMcpServer(options), { transport });
  return {
    async close() {
      ended = true;
      await Promise.race([transport.drain(), unwritable]);
      await serving.close();
    },
  };
}
