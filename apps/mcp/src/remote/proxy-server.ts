import type { Client } from "@modelcontextprotocol/client";
import { Server } from "@modelcontextprotocol/server";
import type { InFlight } from "./in-flight.js";
import type { PayingCaller } from "./paying-caller.js";

/** The prefix of the protocol's own `_meta` keys (the 2026-07-28 envelope: server info, …). */
const PROTOCOL_META_PREFIX = "io.modelcontextprotocol/";

/**
 * A remote result's `_meta` without the protocol's envelope keys: they describe the remote
 * connection (its era, its server info), not the answer, and the local server sets its own for
 * its client. Everything else in a result (content, structuredContent, isError, the x402
 * receipt) is passed as the remote sent it.
 */
function answerMeta(
  meta: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (meta === undefined) return undefined;
  const kept = Object.entries(meta).filter(([key]) => !key.startsWith(PROTOCOL_META_PREFIX));
  return kept.length === 0 ? undefined : Object.fromEntries(kept);
}

/**
 * The local face of the remote tool server: a low-level `Server` that lists the remote's tools
 * and prompts as they are (names, schemas, output schemas, annotations, icons), forwards prompts,
 * and calls tools through the paying caller. The remote's identity and instructions are its own;
 * a remote error (an unknown tool, bad params) reaches the local client as the same JSON-RPC
 * error.
 */
export function createProxyServer(
  remote: Client,
  caller: PayingCaller,
  inFlight: InFlight,
): Server {
  const identity = remote.getServerVersion() ?? { name: "svc-mcp-remote", version: "0.0.0" };
  const offered = remote.getServerCapabilities() ?? {};
  const instructions = remote.getInstructions();
  const server = new Server(
    { ...identity },
    {
      capabilities: {
        ...(offered.tools === undefined ? {} : { tools: {} }),
        ...(offered.prompts === undefined ? {} : { prompts: {} }),
      },
      ...(instructions === undefined ? {} : { instructions }),
    },
  );
  if (offered.tools !== undefined) {
    server.setRequestHandler("tools/list", async () => ({
      tools: (await inFlight.track(remote.listTools())).tools,
    }));
    server.setRequestHandler("tools/call", async (request) => {
      const { name, arguments: args = {} } = request.params;
      const result = await inFlight.track(caller.call(name, args));
      return { ...result, _meta: answerMeta(result._meta) };
    });
  }
  if (offered.prompts !== undefined) {
    server.setRequestHandler("prompts/list", async () => ({
      prompts: (await inFlight.track(remote.listPrompts())).prompts,
    }));
    server.setRequestHandler("prompts/get", async (request) => {
      const { name, arguments: args } = request.params;
      const result = await inFlight.track(
        remote.getPrompt({ name, ...(args === undefined ? {} : { arguments: args }) }),
      );
      return { ...result, _meta: answerMeta(result._meta) };
    });
  }
  return server;
}
