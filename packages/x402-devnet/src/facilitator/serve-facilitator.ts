import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { FacilitatorClient } from "@x402/core/server";
import { createFacilitatorApp } from "./facilitator-app.js";

export interface ServeFacilitatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** 127.0.0.1 by default: the devnet is for this machine only. */
  hostname?: string;
}

export interface FacilitatorServer {
  /** `http://127.0.0.1:PORT`, ready for `new HTTPFacilitatorClient({ url })`. */
  readonly url: string;
  readonly port: number;
  /** Stops listening and drops keep-alive connections, so it resolves at once. */
  close(): Promise<void>;
}

/** Serves `facilitator` over HTTP (see createFacilitatorApp) with @hono/node-server. */
export function serveFacilitator(
  facilitator: FacilitatorClient,
  options: ServeFacilitatorOptions = {},
): Promise<FacilitatorServer> {
  const hostname = options.hostname ?? "127.0.0.1";
  const app = createFacilitatorApp(facilitator);
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: options.port ?? 0, hostname }) as Server;
    server.once("error", reject);
    server.once("listening", () => {
      server.off("error", reject);
      const { port } = server.address() as AddressInfo;
      const host = hostname.includes(":") ? `[${hostname}]` : hostname;
      resolve({
        url: `http://${host}:${port}`,
        port,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            // fetch() keeps connections alive; without this close() waits for them to time out.
            server.closeAllConnections();
          }),
      });
    });
  });
}
