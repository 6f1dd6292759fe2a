import { connect } from "node:net";
import { renderDocument } from "@svc/renderers";
import { type Served, serveOnLoopback } from "@svc/test-support/loopback";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentRequiredV1 } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";
import { createApp } from "./create-app.js";

// The service names its own URLs, never one a request supplies: on a real socket (absolute-form
// request lines only exist there) with the real local chain behind the 402s.
const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const PUBLIC = "https://svc.example.com";
let stack: PaidStack;
let served: Served;
let port: number;

beforeAll(async () => {
  stack = await startPaidStack(1);
  const app = createApp({ ...stack.common, render: renderDocument, baseUrl: PUBLIC });
  served = await serveOnLoopback(app);
  port = Number(new URL(served.origin).port);
});
afterAll(async () => {
  await served?.close();
  await stack?.stop();
});

/** Sends one raw HTTP/1.1 request and returns the status and body of the answer. */
function raw(
  requestLine: string,
  host: string,
): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let data = "";
    socket.on("data", (chunk) => {
      data += chunk.toString("utf8");
    });
    socket.on("end", () => {
      const [head = "", ...rest] = data.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), head, body: rest.join("\r\n\r\n") });
    });
    socket.on("error", reject);
    socket.write(`${requestLine}\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  });
}

/**
 * The resource a 402 names, in both versions it states the terms in: v2's PAYMENT-REQUIRED
 * header and v1's JSON body (each entry's `resource`); they must agree.
 */
const resourceUrlOf = (res: { head: string; body: string }) => {
  const header = /^payment-required: (.+)$/im.exec(res.head)?.[1]?.trim() ?? "";
  const v2 = decodePaymentRequiredHeader(header).resource.url;
  const v1 = JSON.parse(res.body.slice(res.body.indexOf("{"))) as PaymentRequiredV1;
  expect(v1.accepts.map((a) => a.resource)).toEqual([v2]);
  return v2;
};

describe("Host header and request-target injection", () => {
  it("a forged Host header never reaches a 402: the resource is named on the public base URL", async () => {
    const res = await raw(`GET /api/ofac-wallet-screen/${LAZARUS} HTTP/1.1`, "evil.example");
    expect(res.status).toBe(402);
    expect(resourceUrlOf(res)).toBe(`${PUBLIC}/api/ofac-wallet-screen/${LAZARUS}`);
  });

  it("an absolute-form request target naming another host is refused with 400", async () => {
    const res = await raw(
      `GET http://attacker.example/api/ofac-wallet-screen/${LAZARUS} HTTP/1.1`,
      `127.0.0.1:${port}`,
    );
    expect(res.status).toBe(400);
    expect(res.body).toContain("INVALID_REQUEST_TARGET");
    expect(res.body).not.toContain("attacker.example");
  });

  it("an absolute-form target naming the service itself is answered as usual", async () => {
    const res = await raw(
      `GET http://127.0.0.1:${port}/api/ofac-wallet-screen/${LAZARUS} HTTP/1.1`,
      `127.0.0.1:${port}`,
    );
    expect(res.status).toBe(402);
    expect(resourceUrlOf(res)).toBe(`${PUBLIC}/api/ofac-wallet-screen/${LAZARUS}`);
  });

  it("a request target longer than the bound is refused with 414, so no 402 grows with it", async () => {
    const res = await raw(`GET /api/ofac-wallet-screen/${"a".repeat(5000)} HTTP/1.1`, "svc");
    expect(res.status).toBe(414);
    expect(res.body.length).toBeLessThan(1024);
  });

  it("the discovery documents name the public base URL whatever the Host header says", async () => {
    const res = await raw("GET /api HTTP/1.1", "evil.example");
    expect(res.status).toBe(200);
    expect(res.body).toContain(PUBLIC);
    expect(res.body).not.toContain("evil.example");
  });
});
