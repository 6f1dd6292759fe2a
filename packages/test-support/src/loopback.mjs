// An app on a real loopback port, as production serves it (@hono/node-server), for the tests and
// benches that need a socket: a client over the network, a spawned process calling back.
import { serve } from "@hono/node-server";

/** Serves `app` (anything with a web-standard `fetch`) on 127.0.0.1, on a free port. */
export async function serveOnLoopback(app) {
  const server = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
