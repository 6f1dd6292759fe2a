import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import * as v from "valibot";
import { RPC_ERROR, RpcError } from "./json-rpc-error.js";
import { stringifyWithBigints } from "./json-with-bigints.js";

/** A JSON-RPC method: takes the request's params, answers its result or throws an RpcError. */
export type RpcMethod = (params: readonly unknown[]) => unknown;

export interface JsonRpcServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** How many times each method was called, unknown ones included. */
  calls(): Record<string, number>;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

const RequestSchema = v.object({
  jsonrpc: v.literal("2.0"),
  id: v.optional(v.union([v.string(), v.number(), v.null()]), null),
  method: v.string(),
  params: v.optional(v.array(v.unknown()), []),
});

/**
 * A JSON-RPC 2.0 server over HTTP POST on 127.0.0.1, single requests and batches, the way
 * Solana nodes serve their API. An unknown method answers -32601 (and is counted, so a contract
 * test sees every method a client tried); an exception that is not an RpcError answers -32603
 * with its message only, never a stack.
 */
export async function serveJsonRpc(
  methods: Readonly<Record<string, RpcMethod>>,
  options: { port: number },
): Promise<JsonRpcServer> {
  const counts: Record<string, number> = {};

  const answer = (request: unknown) => {
    const parsed = v.safeParse(RequestSchema, request);
    if (!parsed.success) {
      return errorResponse(null, RPC_ERROR.invalidRequest, "Invalid request");
    }
    const { id, method, params } = parsed.output;
    counts[method] = (counts[method] ?? 0) + 1;
    const run = Object.hasOwn(methods, method) ? methods[method] : undefined;
    if (run === undefined) {
      return errorResponse(id, RPC_ERROR.methodNotFound, `Method not found: ${method}`);
    }
    try {
      return { jsonrpc: "2.0", id, result: run(params) };
    } catch (error) {
      if (error instanceof RpcError) {
        return errorResponse(id, error.code, error.message, error.data);
      }
      const message = error instanceof Error ? error.message : String(error);
      return errorResponse(id, RPC_ERROR.internalError, message);
    }
  };

  const server = createServer(async (req, res) => {
    let body: unknown;
    try {
      body = await readJson(req);
    } catch {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(stringifyWithBigints(errorResponse(null, RPC_ERROR.parseError, "Parse error")));
      return;
    }
    const out = !Array.isArray(body)
      ? answer(body)
      : body.length === 0
        ? errorResponse(null, RPC_ERROR.invalidRequest, "Invalid request: empty batch")
        : body.map(answer);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(stringifyWithBigints(out));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => ({ ...counts }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function errorResponse(id: unknown, code: number, message: string, data?: unknown) {
  return {
    jsonrpc: "2.0",
    id,
    error: data === undefined ? { code, message } : { code, message, data },
  };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error("request body too large");
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}
