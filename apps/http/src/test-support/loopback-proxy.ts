import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A loopback proxy to `target` that counts the requests it forwards, by path. */
export interface CountingProxy {
  readonly url: string;
  readonly counts: Map<string, number>;
  /**
   * From now on, requests whose path `fails` holds are answered with `status` (an outage the
   * test turns on); `undefined` lets everything through again.
   */
  failWith(status: number | undefined, fails?: (path: string) => boolean): void;
  close(): Promise<void>;
}

/**
 * A loopback HTTP proxy in front of `target` (the devnet's facilitator or RPC): it counts what
 * it forwards, and answers a chosen status instead while the test says the target is down.
 */
export async function countingProxy(target: string): Promise<CountingProxy> {
  const counts = new Map<string, number>();
  const base = new URL(target);
  let outage: { status: number; fails: (path: string) => boolean } | undefined;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      counts.set(path, (counts.get(path) ?? 0) + 1);
      if (outage?.fails(path)) {
        res.writeHead(outage.status, { "content-type": "text/plain" }).end("down for the test");
        return;
      }
      try {
        const body = Buffer.concat(chunks);
        const forwarded = await fetch(new URL(req.url ?? "/", base), {
          method: req.method,
          headers: { "content-type": req.headers["content-type"] ?? "application/json" },
          ...(body.length === 0 ? {} : { body }),
        });
        res.writeHead(forwarded.status, {
          "content-type": forwarded.headers.get("content-type") ?? "application/json",
        });
        res.end(Buffer.from(await forwarded.arrayBuffer()));
      } catch {
        res.writeHead(502).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${base.pathname === "/" ? "" : base.pathname}`,
    counts,
    failWith(status, fails = () => true) {
      outage = status === undefined ? undefined : { status, fails };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
