import { connect } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { type Devnet, startDevnet } from "@svc/x402-devnet";
import { Hono, type MiddlewareHandler } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaymentGate } from "../gate/payment-gate.js";
import { baseTerms } from "../schemes/exact-evm/base-terms.js";
import { createPaymentServer } from "../server/payment-server.js";
import { requirePayment } from "./require-payment.js";

// The unpaid 402 is written with plain headers (no `Headers` object) for speed: on the wire it
// must be the very answer `c.body(json, 402, headers)` gave, byte for byte, whatever headers
// earlier middleware set. Two real Node servers (@hono/node-server, as the service runs): the
// gate's, and a reference answering the gate's own challenge through `c.body`.
let devnet: Devnet;
const servers: ServerType[] = [];
let gated: number;
let reference: number;

/** Headers set before the gate, as the service's request id and CORS are; `?cookie` adds two cookies. */
const earlier: MiddlewareHandler = async (c, next) => {
  c.header("X-Request-Id", "req-1");
  c.header("Access-Control-Allow-Origin", "*");
  // The challenge's own Cache-Control must win over it, as with `c.body`.
  c.header("Cache-Control", "public, max-age=60");
  if (c.req.query("cookie") !== undefined) {
    c.header("Set-Cookie", "a=1", { append: true });
    c.header("Set-Cookie", "b=2", { append: true });
  }
  await next();
};

const listen = (app: Hono): Promise<number> =>
  new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
      resolve(info.port),
    );
    servers.push(server);
  });

/** The raw bytes of one answer (HTTP/1.1, the connection closed after it), its Date masked. */
const raw = (port: number, target: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () =>
      socket.end(`GET ${target} HTTP/1.1\r\nHost: svc.test\r\nConnection: close\r\n\r\n`),
    );
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () =>
      resolve(
        Buffer.concat(chunks)
          .toString("latin1")
          .replace(/^Date: .*$/m, "Date: <date>"),
      ),
    );
    socket.on("error", reject);
  });

beforeAll(async () => {
  devnet = await startDevnet({ payers: 1, httpFacilitator: true });
  const gate = new PaymentGate(
    createPaymentServer(devnet.facilitator),
    {
      price: "0.01",
      route: "/paid/item/:id",
      description: "test resource /paid/item",
      url: "http://svc.test/paid/item",
      mimeType: "application/json",
      discovery: { kind: "http-query", input: { id: "7" }, output: { example: { ok: true } } },
    },
    baseTerms(devnet.payTo),
    { transport: { method: "GET", adapter: undefined } },
  );
  const app = new Hono();
  app.use("*", earlier);
  app.get("/paid/item/:id", requirePayment(gate), (c) => c.json({ ok: true }));
  gated = await listen(app);
  // The reference answers each URL with the gate's challenge for it, through `c.body`.
  const ref = new Hono();
  ref.use("*", earlier);
  ref.get("/paid/item/:id", async (c) => {
    const challenge = await app.request(c.req.url);
    const headers: Record<string, string> = {};
    for (const name of ["Content-Type", "Cache-Control", "PAYMENT-REQUIRED"]) {
      headers[name] = challenge.headers.get(name) ?? "";
    }
    return c.body(await challenge.text(), 402, headers);
  });
  reference = await listen(ref);
});
afterAll(async () => {
  for (const server of servers) server.close();
  await devnet?.stop();
});

describe("the unpaid 402 on the wire", () => {
  it("is the answer c.body gives, byte for byte: every earlier header, the challenge's over them, sorted, Content-Length last", async () => {
    const answer = await raw(gated, "/paid/item/7");
    expect(answer).toBe(await raw(reference, "/paid/item/7"));
    expect(answer).toMatch(/^HTTP\/1\.1 402 /);
    expect(answer).toContain("\r\ncache-control: no-store\r\n");
    expect(answer).toContain("\r\nx-request-id: req-1\r\n");
    expect(answer).toMatch(/\r\npayment-required: [A-Za-z0-9+/=]{100,}\r\n/);
    // Asked again (the encoded challenge is reused): still the same bytes.
    expect(await raw(gated, "/paid/item/7")).toBe(answer);
  });

  it("is the same with cookies set before the gate, which it writes through c.body", async () => {
    const answer = await raw(gated, "/paid/item/7?cookie");
    expect(answer).toBe(await raw(reference, "/paid/item/7?cookie"));
    expect(answer).toContain("\r\nset-cookie: a=1\r\nset-cookie: b=2\r\n");
  });
});
