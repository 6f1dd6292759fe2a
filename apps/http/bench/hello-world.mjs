#!/usr/bin/env node
// The reference of the 402 benchmark: a bare hono hello world on the same server adapter.
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono();
app.get("/", (c) => c.text("Hello, world!"));
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  console.log(`hello world on http://127.0.0.1:${info.port}`);
});
process.once("SIGTERM", () => server.close(() => process.exit(0)));
