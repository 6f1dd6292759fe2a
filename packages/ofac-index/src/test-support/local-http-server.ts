import { createHash } from "node:crypto";
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** Serve these bytes (GET) or their headers (HEAD). */
export interface BytesRoute {
  readonly kind: "bytes";
  readonly body: Uint8Array;
  /** Default 200. */
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent as `ETag`; a request whose `If-None-Match` equals it is answered 304. */
  readonly etag?: string;
  /** Send `Digest: sha-256=<hex of body>` (on HEAD and GET). */
  readonly digest?: boolean;
  /** Omit `Content-Length` and send the body in chunks (chunked transfer encoding). */
  readonly chunked?: boolean;
  /** When it returns false, the request is answered 403 instead. */
  readonly gate?: (req: IncomingMessage) => boolean;
}

/** Answer with a bare status (403, 500, …). */
interface StatusRoute {
  readonly kind: "status";
  readonly status: number;
  readonly body?: string;
}

/**
 * Accept the request and never send the headers. HEAD is answered (headers only) unless
 * `head` is "hang".
 */
interface HangBeforeHeadersRoute {
  readonly kind: "hang-before-headers";
  readonly head: "answer" | "hang";
}

/**
 * Send the headers (with the full `Content-Length`) and the first `sentBytes` of the body,
 * then stall forever. HEAD is answered normally (headers only).
 */
interface HangMidBodyRoute {
  readonly kind: "hang-mid-body";
  readonly body: Uint8Array;
  readonly sentBytes: number;
}

export type Route = BytesRoute | StatusRoute | HangBeforeHeadersRoute | HangMidBodyRoute;

export const bytes = (
  body: Uint8Array,
  options: Omit<BytesRoute, "kind" | "body"> = {},
): Route => ({
  kind: "bytes",
  body,
  ...options,
});

export const status = (code: number, body?: string): Route => ({
  kind: "status",
  status: code,
  ...(body === undefined ? {} : { body }),
});

export const hangBeforeHeaders = (head: "answer" | "hang" = "answer"): Route => ({
  kind: "hang-before-headers",
  head,
});

export const hangMidBody = (body: Uint8Array, fraction = 0.5): Route => ({
  kind: "hang-mid-body",
  body,
  sentBytes: Math.floor(body.length * fraction),
});

export interface RequestRecord {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The status sent, or undefined while no headers were sent (a hang). */
  status: number | undefined;
}

const sha256Hex = (body: Uint8Array): string => createHash("sha256").update(body).digest("hex");

/**
 * A real `node:http` server on 127.0.0.1 (ephemeral port) with a mutable route table, so a test
 * can change what a URL answers between two refreshes. Every request is logged.
 */
export class LocalHttpServer {
  readonly requests: RequestRecord[] = [];
  private readonly routes = new Map<string, Route>();
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {
    server.on("connection", (socket: Socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
  }

  static async start(): Promise<LocalHttpServer> {
    let self: LocalHttpServer | undefined;
    const server = createServer((req, res) => self?.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    self = new LocalHttpServer(server, `http://127.0.0.1:${port}`);
    return self;
  }

  /** The absolute URL of a path on this server. */
  url(path: string): string {
    return `${this.origin}${path}`;
  }

  /** Sets (or replaces) what `path` answers from now on. Unrouted paths answer 404. */
  route(path: string, route: Route): void {
    this.routes.set(path, route);
  }

  /** Requests seen, optionally only of one method and/or one path. */
  count(method?: string, path?: string): number {
    return this.requests.filter(
      (r) =>
        (method === undefined || r.method === method) && (path === undefined || r.path === path),
    ).length;
  }

  /** Sockets currently open (kept-alive or in use). */
  get openSockets(): number {
    return this.sockets.size;
  }

  /** Stops listening and destroys every open socket, hung responses included. */
  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    this.server.closeAllConnections();
    await closed;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const path = (req.url ?? "/").split("?")[0] as string;
    const record: RequestRecord = {
      method: req.method ?? "GET",
      path,
      headers: req.headers,
      status: undefined,
    };
    this.requests.push(record);
    req.resume();
    const send = (code: number, headers: Record<string, string | number>, body?: Uint8Array) => {
      record.status = code;
      res.writeHead(code, headers);
      res.end(record.method === "HEAD" ? undefined : body);
    };
    const route = this.routes.get(path);
    if (route === undefined) {
      send(404, { "content-type": "text/plain" }, Buffer.from("not found"));
      return;
    }
    switch (route.kind) {
      case "status":
        send(route.status, { "content-type": "text/plain" }, Buffer.from(route.body ?? ""));
        return;
      case "hang-before-headers":
        if (record.method === "HEAD" && route.head === "answer") {
          send(200, { "content-type": "application/xml" });
          return;
        }
        // Never answer: the socket stays open until the client gives up or close() runs.
        return;
      case "hang-mid-body": {
        const headers = {
          "content-type": "application/xml",
          "content-length": route.body.length,
        };
        record.status = 200;
        res.writeHead(200, headers);
        if (record.method === "HEAD") {
          res.end();
          return;
        }
        res.write(route.body.subarray(0, route.sentBytes));
        // …and never end().
        return;
      }
      case "bytes": {
        if (route.gate !== undefined && !route.gate(req)) {
          send(403, { "content-type": "text/plain" }, Buffer.from("forbidden"));
          return;
        }
        const headers: Record<string, string | number> = {
          "content-type": "application/xml",
          ...route.headers,
        };
        if (route.etag !== undefined) headers.etag = route.etag;
        if (route.digest === true) headers.digest = `sha-256=${sha256Hex(route.body)}`;
        if (route.etag !== undefined && req.headers["if-none-match"] === route.etag) {
          send(304, headers);
          return;
        }
        const code = route.status ?? 200;
        if (route.chunked !== true || record.method === "HEAD") {
          send(code, { ...headers, "content-length": route.body.length }, route.body);
          return;
        }
        record.status = code;
        res.writeHead(code, headers);
        const piece = 16 * 1024;
        for (let i = 0; i < route.body.length; i += piece) {
          res.write(route.body.subarray(i, i + piece));
        }
        res.end();
        return;
      }
    }
  }
}

/** A URL on 127.0.0.1 where nothing listens (a port that was free a moment ago). */
export async function unreachableUrl(path = "/sdn.xml"): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}${path}`;
}
