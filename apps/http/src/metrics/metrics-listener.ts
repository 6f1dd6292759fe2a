import { createServer, type Server } from "node:http";
import type { Registry } from "prom-client";

export interface MetricsListener {
  /** Where Prometheus scrapes: `http://HOST:PORT/metrics`. */
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * `/metrics` on a listener of its own (METRICS_HOST:METRICS_PORT, loopback by default), never
 * on the API's: what the service earns and refuses is the operator's, not the public's.
 * Anything but `GET /metrics` is a 404.
 */
export async function startMetricsListener(
  registry: Registry,
  options: { readonly port: number; readonly host: string },
): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found\n");
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { "Content-Type": registry.contentType });
        res.end(req.method === "HEAD" ? undefined : text);
      },
      () => {
        res.writeHead(500, { "Content-Type": "text/plain" }).end("metrics unavailable\n");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : options.port;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}/metrics`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
