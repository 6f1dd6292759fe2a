#!/usr/bin/env node
// The references of the 402 benchmark, on the same server adapter: a bare hono hello world
// (`/`), and (`/static-402`) the service's own 402 replayed as a constant: the same status,
// headers and body bytes (from the JSON file named by CHALLENGE_FILE), with no work behind it.
// The gap between the two is what the size of an x402 challenge costs by itself.
import { readFileSync } from "node:fs";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono();
app.get("/", (c) => c.text("Hello, world!"));
if (process.env.CHALLENGE_FILE) {
  const { headers, body } = JSON.parse(readFileSync(process.env.CHALLENGE_FILE, "utf8"));
  app.get("/static-402", (c) => c.body(body, 402, headers));
}
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  console.log(`hello world on http://127.0.0.1:${info.port}`);
});
process.once("SIGTERM", () => server.close(() => process.exit(0)));
