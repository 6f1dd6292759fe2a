import { lookup } from "node:dns/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { hostname } from "node:os";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryOutcome } from "../webhooks/delivery-outcome.js";
import { newWebhookSecret, signWebhook } from "../webhooks/webhook-signature.js";
import { PRODUCTION_WEBHOOKS } from "../webhooks/webhook-url.js";
import { postWebhook } from "./post-webhook.js";

const DEVELOPMENT = { allowLoopback: true };
const secret = newWebhookSecret();
const received: Array<{ path: string; body: string; headers: IncomingMessage["headers"] }> = [];
let answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end("ok");
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    received.push({
      path: req.url ?? "",
      body: Buffer.concat(chunks).toString(),
      headers: req.headers,
    });
    answer(req, res);
  });
});
let base: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const message = { id: "msg_1", body: JSON.stringify({ type: "monitor.screened", data: {} }) };
const headers = () => signWebhook(message, new Date(), { secret });

describe("postWebhook to a real local receiver", () => {
  it("delivers the signed message; the receiver verifies it with standardwebhooks", async () => {
    answer = (_req, res) => res.writeHead(204).end();
    const result = await postWebhook(`${base}/hook`, message.body, headers(), {
      policy: DEVELOPMENT,
    });
    expect(result).toMatchObject({ status: 204 });
    const got = received.at(-1);
    expect(got?.headers["content-type"]).toBe("application/json");
    expect(
      new Webhook(secret).verify(got?.body as string, got?.headers as Record<string, string>),
    ).toEqual(JSON.parse(message.body));
  });

  it("does not follow a redirect: a 3xx is a failed attempt to retry", async () => {
    answer = (_req, res) => res.writeHead(302, { location: "http://10.0.0.1/" }).end();
    const before = received.length;
    const result = await postWebhook(`${base}/moved`, message.body, headers(), {
      policy: DEVELOPMENT,
    });
    expect(result).toMatchObject({ status: 302 });
    expect(received.length).toBe(before + 1);
    expect(deliveryOutcome(result, 1, new Date()).kind).toBe("retry");
  });

  it("passes on retry-after and keeps the start of the answer", async () => {
    answer = (_req, res) => res.writeHead(503, { "retry-after": "30" }).end("x".repeat(10_000));
    const result = await postWebhook(`${base}/busy`, message.body, headers(), {
      policy: DEVELOPMENT,
    });
    expect(result).toMatchObject({ status: 503, retryAfter: "30" });
    expect(result.responseText?.length).toBe(2048);
  });

  it("gives up after the timeout", async () => {
    answer = () => {}; // never answers
    const result = await postWebhook(`${base}/slow`, message.body, headers(), {
      policy: DEVELOPMENT,
      timeoutMs: 300,
    });
    expect(result).toEqual({ error: "no answer within 0.3 s" });
  });

  it("in production, refuses a loopback URL before connecting", async () => {
    const before = received.length;
    const result = await postWebhook(`${base}/hook`, message.body, headers(), {
      policy: PRODUCTION_WEBHOOKS,
    });
    expect("error" in result && result.error).toMatch(/^webhook_url_not_https/);
    expect(received.length).toBe(before);
  });

  it("in production, refuses a host name that resolves to a private address, at connection", async () => {
    const name = hostname();
    // This machine's own name resolves to a loopback or private address (/etc/hosts).
    const resolved = await lookup(name);
    expect(resolved.address).toMatch(/^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::1$)/);
    const result = await postWebhook(`https://${name}:1/hook`, message.body, headers(), {
      policy: PRODUCTION_WEBHOOKS,
    });
    expect("error" in result && result.error).toMatch(/^webhook_url_private_address/);
  });
});
